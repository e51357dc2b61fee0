import { cp, mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { clientDir } from './client-build.ts'
import type { BenchTarget } from './cli.ts'
import { startServer, type RunningServer } from './server.ts'

/** The drawn pages of the build (scripts/build/prerender-pages.ts), with their compressed copies. */
const DRAWN = ['login.html', 'dashboard.html']

/**
 * The plain design, to compare Scout with on a busy machine (decision 017): the same build
 * without its drawn pages, so /login and /dashboard get the built index.html — the app's script
 * and its module preloads named in the head, loaded at once, the screen drawn by the app. Served
 * by a second server on a copy of the embedded database (one process per data folder,
 * Security rule 28), so both designs are measured in the same run, turn and turn about.
 */
export async function startPlainDesign(
  target: BenchTarget,
): Promise<RunningServer & { cleanUp: () => Promise<void> }> {
  const work = await mkdtemp(path.join(tmpdir(), 'scout-bench-plain-'))
  const client = path.join(work, 'client')
  // The build's folder itself: dist/client is a link to the current build, and copying the link
  // would make the removals below remove Scout's own drawn pages.
  await cp(await realpath(clientDir()), client, { recursive: true })
  for (const page of DRAWN) {
    for (const suffix of ['', '.br', '.gz'])
      await rm(path.join(client, page + suffix), { force: true })
  }
  let plainTarget = target
  if (target.engine === 'pglite') {
    const dataDir = path.join(work, 'data')
    await cp(target.dataDir, dataDir, { recursive: true })
    plainTarget = { engine: 'pglite', dataDir }
  }
  const server = await startServer(plainTarget, { env: { CLIENT_DIR: client } })
  return {
    ...server,
    cleanUp: async () => {
      await server.stop()
      await rm(work, { recursive: true, force: true })
    },
  }
}
