/**
 * Builds the web client and swaps it in atomically: `npm start` and
 * `npm run build` never empty a folder another Scout process on this host is serving.
 *
 *   node --import tsx scripts/build-client.ts [--out dist/client]
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'vite'
import { prerenderPages } from './build/prerender-pages.ts'
import { buildsFolder, newBuildFolder, swapInBuild } from './build/swap-build.ts'

const { values } = parseArgs({
  options: { out: { type: 'string', default: 'dist/client' }, help: { type: 'boolean' } },
})
if (values.help) {
  console.log('Usage: node --import tsx scripts/build-client.ts [--out dist/client]')
  process.exit(0)
}

const target = path.resolve(values.out)
mkdirSync(buildsFolder(target), { recursive: true })
const fresh = newBuildFolder(target)
await build({
  configFile: path.resolve(import.meta.dirname, '../vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: fresh, emptyOutDir: true },
})
await prerenderPages(fresh)
await swapInBuild(target, fresh)
