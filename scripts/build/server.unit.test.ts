import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { buildServer, WORKER_MODULES } from './server.ts'

const run = promisify(execFile)
// Inside node_modules, as dist/ is: its packages resolve from there, and package.json says ESM.
const work = mkdtempSync(path.join(import.meta.dirname, '../../node_modules/.scout-server-build-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

test('every worker module of the source is built', () => {
  const source = path.join(import.meta.dirname, '../../src/server')
  const workers = readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.worker.ts'))
    .map((file) => file.replace(/\.ts$/, '').split(path.sep).join('/'))
  expect([...WORKER_MODULES].sort()).toEqual(workers.sort())
})

test('the built server has its entry point, its migrations and worker modules plain Node loads', async () => {
  const target = path.join(work, 'server')
  await buildServer(target)

  expect(existsSync(path.join(target, 'index.js'))).toBe(true)
  expect(existsSync(path.join(target, 'db/migrations/meta/_journal.json'))).toBe(true)
  // No TypeScript loader: each worker module loads as the thread that runs it would load it.
  const urls = WORKER_MODULES.map((name) => pathToFileURL(path.join(target, `${name}.js`)).href)
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `for (const url of ${JSON.stringify(urls)}) console.log(typeof (await import(url)).default)`,
  ])
  expect(stdout.trim().split('\n')).toEqual(WORKER_MODULES.map(() => 'function'))
}, 60_000)
