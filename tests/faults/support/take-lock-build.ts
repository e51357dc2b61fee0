import path from 'node:path'
import { build } from 'esbuild'
import { REPO_ROOT } from './scout-process.ts'

/** take-lock.ts as plain JavaScript, built once for the faults project (build-server.global.ts). */
export const TAKE_LOCK_SCRIPT = path.join(REPO_ROOT, 'dist', 'faults', 'take-lock.js')

/**
 * data-dir-lock-race.test.ts starts 40 contenders. Through tsx each spent ~0.7 s of CPU loading
 * its loader before it did anything; built, one spends ~0.1 s.
 */
export async function buildTakeLock(): Promise<void> {
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: ['tests/faults/support/take-lock.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: TAKE_LOCK_SCRIPT,
    logLevel: 'warning',
  })
}
