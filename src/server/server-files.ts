import { fileURLToPath } from 'node:url'

/**
 * The server's own files, found the same way whether it runs from its TypeScript source
 * (`src/server`, loaded by tsx: tests, `npm run dev:server`) or from the build (`dist/server`,
 * `npm start` and `npm run serve`; scripts/build-server.ts). The build keeps the source's layout
 * for what is loaded by path — worker modules and migrations — and this module is bundled into
 * `dist/server/index.js`, so in both cases `import.meta.url` sits at the server's root.
 */
const SERVER_ROOT = new URL('.', import.meta.url)

/** True when running the built server (plain JavaScript, no TypeScript loader). */
export const RUNNING_BUILT = !import.meta.url.endsWith('.ts')

/** A module a worker thread loads, by its path under the server's root without extension. */
export function serverModule(pathWithoutExtension: string): URL {
  return new URL(`${pathWithoutExtension}.${RUNNING_BUILT ? 'js' : 'ts'}`, SERVER_ROOT)
}

/** A folder or file under the server's root (the build copies it beside the bundle). */
export function serverPath(relative: string): string {
  return fileURLToPath(new URL(relative, SERVER_ROOT))
}

/** What a worker thread runs with: the source needs the TypeScript loader, the build does not. */
export const WORKER_EXEC_ARGV: string[] = RUNNING_BUILT ? [] : ['--import', 'tsx']
