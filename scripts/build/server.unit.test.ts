import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { buildServer, PROCESS_MODULES, THREAD_MODULES, WORKER_MODULES } from './server.ts'

const run = promisify(execFile)
// Inside node_modules, as dist/ is: its packages resolve from there, and package.json says ESM.
const work = mkdtempSync(path.join(import.meta.dirname, '../../node_modules/.scout-server-build-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The source's modules whose names end so, as build entry names. */
function sourceModules(ending: string): string[] {
  const source = path.join(import.meta.dirname, '../../src/server')
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(ending))
    .map((file) => file.replace(/\.ts$/, '').split(path.sep).join('/'))
    .sort()
}

test('every worker, thread and process module of the source is built', () => {
  expect([...WORKER_MODULES].sort()).toEqual(sourceModules('.worker.ts'))
  expect([...THREAD_MODULES].sort()).toEqual(sourceModules('.thread.ts'))
  expect([...PROCESS_MODULES].sort()).toEqual(sourceModules('.process.ts'))
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
  // The embedded engine's thread, built: it opens a database in memory and says so.
  const thread = pathToFileURL(path.join(target, 'db/pglite.thread.js')).href
  const opened = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `import { Worker } from 'node:worker_threads'
     const worker = new Worker(new URL(${JSON.stringify(thread)}), { workerData: {}, execArgv: [] })
     worker.once('message', (m) => { console.log(m.kind); worker.postMessage({ id: 1, kind: 'close' }) })`,
  ])
  expect(opened.stdout.trim()).toBe('ready')
  // The worker pool's child, built: it runs a built task module handed to it, without tsx.
  const runner = path.join(target, 'jobs/task-runner.process.js')
  const task = pathToFileURL(path.join(target, 'cvs/extract-text.worker.js')).href
  const answered = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `import { fork } from 'node:child_process'
     const child = fork(${JSON.stringify(runner)}, [], { execArgv: [], serialization: 'advanced' })
     child.on('message', (m) => { if (m.ready) return; console.log(JSON.stringify(m)); child.kill() })
     child.send({ id: 7, module: ${JSON.stringify(task)}, input: { bytes: new TextEncoder().encode('Dana'), mimeType: 'text/plain' } })`,
  ])
  expect(JSON.parse(answered.stdout.trim())).toEqual({
    id: 7,
    ok: true,
    value: { status: 'ready', text: 'Dana' },
  })
}, 120_000)
