import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { test, type TestFunction } from 'vitest'
import { freePort } from '../../support/over-http.ts'

const run = promisify(execFile)

export const NO_POSTGRES_BINARIES =
  'SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin'

/** The newest PostgreSQL server binaries Debian installs (initdb, pg_ctl), if any. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin')
}

const bin = findPostgresBin()

/** A PostgreSQL cluster of the test file's own: started on first use, destroyed after the file. */
// Vitest reads a fixture's dependencies from its first parameter's pattern: this one has none.
// eslint-disable-next-line no-empty-pattern
const clusterTest = test.extend('cluster', { scope: 'file' }, async ({}, { onCleanup }) => {
  if (!bin) throw new Error(NO_POSTGRES_BINARIES)
  const cluster = await startPrivateCluster(bin)
  onCleanup(() => cluster.destroy())
  return cluster
})

/**
 * A test that runs on a private cluster (its `cluster` fixture); without the server binaries it
 * is skipped, and its name says why.
 */
export function postgresTest(
  name: string,
  fn: TestFunction<{ cluster: PrivateCluster }>,
  timeout?: number,
): void {
  clusterTest.skipIf(!bin)(bin ? name : `${name} (${NO_POSTGRES_BINARIES})`, fn, timeout)
}

export type PrivateCluster = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth, this test's alone). */
  url: string
  stop: () => Promise<void>
  start: () => Promise<void>
  destroy: () => Promise<void>
}

/**
 * A throwaway PostgreSQL cluster in a temp folder on a free port, so a test can stop and start
 * "the database" without touching the machine's shared server. PostgreSQL refuses to run as
 * root, so as root it runs as the postgres OS user.
 */
export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'scout-faults-pg-'))
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args)
  const data = path.join(dir, 'data')
  const port = await freePort()
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  const start = async () => {
    await pg('pg_ctl', [
      'start',
      '-D',
      data,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
    ])
  }
  const stop = async () => {
    await pg('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '60'])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
