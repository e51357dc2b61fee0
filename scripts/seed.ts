import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { hash } from '@node-rs/argon2'
import { sql } from 'drizzle-orm'
import { DEFAULT_TAGS, NEEDS_UPDATING_TAG } from '#shared/talent.ts'
import { loadConfig } from '../src/server/config.ts'
import { acquireDataDirLock, type DataDirLock } from '../src/server/data-dir-lock.ts'
import { openDatabase, type OpenDatabase } from '../src/server/db/open.ts'
import { generateEdits } from './seed/activity.ts'
import { createFaker, CUSTOM_TAGS, generateTalents, generateUsers } from './seed/generate.ts'
import { insertTags, insertTalents, insertUsers } from './seed/insert.ts'

const USAGE = `Fills a Scout database with realistic demo talents (issue 3).

Usage: npm run db:seed -- [--talents N] [--users N] [--seed N] [--batch N]

  --talents N   talents to add (default 1000)
  --users N     users who appear as "Added By" (default 20; they get random, unknown passwords)
  --seed N      faker seed; the same seed on the same day gives the same data (default 42)
  --batch N     rows per INSERT (default 10000)
  --help        show this text

Target: DATABASE_URL when set, else the embedded PGlite database in DATA_DIR (default ./data).
Migrations are applied first. Talents whose e-mail already exists are skipped. Each new talent
gets its talent.created activity entry, and the edited ones talent.updated entries.`

const MS_PER_DAY = 24 * 3600 * 1000
const EDIT_SEED_OFFSET = 1_000_003

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"`)
  return Number(value)
}

type Target = { database: OpenDatabase; lock: DataDirLock | undefined }

/** DATABASE_URL, else PGlite in DATA_DIR, holding its lock so no server starts meanwhile. */
async function openTarget(): Promise<Target | undefined> {
  const config = loadConfig()
  if (config.databaseUrl) {
    const database = await openDatabase({ engine: 'postgres', url: config.databaseUrl, poolMax: 2 })
    return { database, lock: undefined }
  }
  let lock: DataDirLock
  try {
    lock = acquireDataDirLock(config.dataDir)
  } catch (error) {
    // SECURITY.md 28: a running server owns the folder; say so instead of corrupting it.
    console.error(error instanceof Error ? error.message : error)
    console.error('Stop the running Scout server first, then run the seed again.')
    return undefined
  }
  return { database: await openDatabase({ engine: 'pglite', dataDir: config.dataDir }), lock }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      talents: { type: 'string' },
      users: { type: 'string' },
      seed: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const talentCount = positiveInt('talents', values.talents, 1000)
  const userCount = positiveInt('users', values.users, 20)
  const seed = positiveInt('seed', values.seed, 42)
  const batch = Math.max(1, positiveInt('batch', values.batch, 10_000))

  const target = await openTarget()
  if (!target) return 1
  const { database } = target
  try {
    await database.migrate()
    const { db } = database
    // Reference date = start of today, so a rerun the same day produces identical rows.
    const refDate = new Date(Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY)
    const faker = createFaker(seed, refDate)
    // Its own stream, so adding the activity log left the talents of a seed unchanged.
    const editFaker = createFaker(seed + EDIT_SEED_OFFSET, refDate)
    const passwordHash = await hash(randomBytes(32).toString('base64url'))
    const userIds = await insertUsers(db, generateUsers(faker, userCount), passwordHash)
    await insertTags(db, [...DEFAULT_TAGS, ...CUSTOM_TAGS, NEEDS_UPDATING_TAG])

    const started = performance.now()
    let inserted = 0
    for (let offset = 0; offset < talentCount; offset += batch) {
      const size = Math.min(batch, talentCount - offset)
      const columns = generateTalents(faker, size, userIds.length, refDate, offset)
      const edits = generateEdits(editFaker, columns, userIds.length)
      inserted += await insertTalents(db, columns, userIds, edits)
      process.stdout.write(`\r${inserted.toLocaleString('en')} talents…`)
    }
    // Fresh statistics for the planner, and a visibility map so counts can use index-only scans.
    await db.execute(sql`VACUUM ANALYZE talents, activity_log`)
    if (database.engine === 'pglite') await db.execute(sql`CHECKPOINT`)
    const seconds = (performance.now() - started) / 1000
    const skipped = talentCount - inserted
    console.log(
      `\rSeeded ${inserted.toLocaleString('en')} talents and ${userIds.length} users on ` +
        `${database.engine} in ${seconds.toFixed(1)} s ` +
        `(${Math.round(inserted / Math.max(seconds, 0.001)).toLocaleString('en')} rows/s)` +
        (skipped > 0 ? `; ${skipped} skipped (e-mail already present)` : ''),
    )
    return 0
  } finally {
    await database.close()
    target.lock?.release()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  },
)
