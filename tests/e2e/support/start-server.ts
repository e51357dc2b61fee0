/**
 * Playwright's web server: a fresh embedded database in a temporary DATA_DIR, seeded with the
 * accounts the journeys use, then the built server, as `npm run serve` runs it (dist/server/index.js,
 * built by `npm run build` before the journeys).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../../src/server/db/open.ts'
import { createUser } from '../../../src/server/users/service.ts'
import { accounts } from './accounts.ts'
import { clockFile } from './clock.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'scout-e2e-'))
process.env.DATA_DIR = dataDir
// Retention's test clock (clock.ts): the system clock until a journey writes the file.
process.env.TEST_CLOCK_FILE = clockFile(process.env.PORT ?? '5055')
rmSync(process.env.TEST_CLOCK_FILE, { force: true })

const database = await openDatabase({ engine: 'pglite', dataDir })
await database.migrate()
for (const { password, ...rest } of Object.values(accounts)) {
  await createUser(database.db, { ...rest, password })
}
// As the throttle leaves an account after the hour's maximum of strangers' wrong passwords.
await database.db.execute(sql`
  INSERT INTO login_throttle (key, consecutive_failures, window_started_at, window_failures, locked_until)
  VALUES (${`account:${accounts.locked.email}`}, 100, now(), 100, now() + interval '1 hour')`)
await database.close()

await import(pathToFileURL(path.resolve(import.meta.dirname, '../../../dist/server/index.js')).href)
