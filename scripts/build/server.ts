import { cp } from 'node:fs/promises'
import path from 'node:path'
import { build, type Metafile } from 'esbuild'
import { newBuildFolder, swapInBuild } from './swap-build.ts'

const PROJECT = path.resolve(import.meta.dirname, '../..')

/** Where `npm start` and `npm run serve` run the server from (a link to the newest build). */
export const SERVER_BUILD = path.join(PROJECT, 'dist', 'server')

/**
 * The modules the worker pool's children load by path (src/server/server-files.ts
 * `serverModule`): pool tasks, each exporting its task as default (jobs/worker-pool.ts).
 */
export const WORKER_MODULES = [
  'cv-imports/expand-zip.worker',
  'cvs/extract-text.worker',
  'cvs/preview-document.worker',
  'imports/read-xlsx.worker',
]

/** Modules a thread runs as its whole program (the embedded engine's, db/pglite-thread.ts). */
export const THREAD_MODULES = ['db/pglite.thread']

/** Modules a child process runs as its whole program (the worker pool's, jobs/worker-pool.ts). */
export const PROCESS_MODULES = ['jobs/task-runner.process']

const SERVER_FILES = 'src/server/server-files.ts'

/**
 * Builds the server into one plain JavaScript module per entry point — `index.js` and the worker
 * modules at their source paths — with the migrations beside them, and swaps it in like the
 * client (swap-build.ts), so a running server keeps the build it started from.
 *
 * Why: through tsx, each start loaded ~900 modules via its loader thread, 2.2 s of CPU before the
 * server did anything (fault tests start ~70 servers); the bundle loads in 1.0 s. Packages stay
 * external (node_modules is resolved as usual, so files they read by path are where they expect).
 */
export async function buildServer(target = SERVER_BUILD): Promise<string> {
  const fresh = newBuildFolder(target)
  const result = await build({
    absWorkingDir: PROJECT,
    entryPoints: [
      { in: 'src/server/index.ts', out: 'index' },
      ...[...WORKER_MODULES, ...THREAD_MODULES, ...PROCESS_MODULES].map((name) => ({
        in: `src/server/${name}.ts`,
        out: name,
      })),
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: fresh,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  })
  assertServerFilesOnlyInIndex(result.metafile)
  await cp(path.join(PROJECT, 'src/server/db/migrations'), path.join(fresh, 'db/migrations'), {
    recursive: true,
  })
  await swapInBuild(target, fresh)
  return fresh
}

/**
 * server-files.ts finds the server's root from its own `import.meta.url`, which is right only in
 * `index.js`, at the root; inside a worker bundle (one folder down) it would point one level off.
 */
function assertServerFilesOnlyInIndex(metafile: Metafile): void {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || output.entryPoint === 'src/server/index.ts') continue
    if (SERVER_FILES in output.inputs) {
      throw new Error(`${file} bundles ${SERVER_FILES}: a worker module must not depend on it`)
    }
  }
}
