/**
 * Builds the server (scripts/build/server.ts) into dist/server: `npm start` and `npm run serve`
 * run it with plain Node.
 *
 *   node --import tsx scripts/build-server.ts
 */
import { parseArgs } from 'node:util'
import { buildServer } from './build/server.ts'

const { values } = parseArgs({ options: { help: { type: 'boolean' } } })
if (values.help) {
  console.log('Usage: node --import tsx scripts/build-server.ts')
  process.exit(0)
}
await buildServer()
