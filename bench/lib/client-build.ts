import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from './server.ts'

/**
 * The built client the bench serves: CLIENT_DIR (which the server started by startServer also
 * reads from the environment), else dist/client. Several people share one working tree, so each
 * can point the bench at a folder of their own.
 */
export function clientDir(): string {
  return path.resolve(REPO_ROOT, process.env.CLIENT_DIR ?? path.join('dist', 'client'))
}

/** Builds the client into clientDir() when `force` is set or no build is there yet. */
export function ensureClientBuilt(force: boolean): string {
  const dir = clientDir()
  if (!force && existsSync(path.join(dir, 'index.html'))) return dir
  console.log(`  building the client: npx vite build --outDir ${dir}`)
  // vite.config.ts roots at src/client, so the folder is passed absolute.
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error('vite build failed')
  return dir
}
