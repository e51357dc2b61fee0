import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { loadConfig } from '../src/server/config.ts'
import { acquireDataDirLock, type DataDirLock } from '../src/server/data-dir-lock.ts'
import { openDatabase, type Db, type OpenDatabase } from '../src/server/db/open.ts'
import { rawRows } from '../src/server/db/raw-rows.ts'
import { plantRelevanceSet } from './seed/relevance-set.ts'
import { seedPool, type SeedOptions, type SeedResult } from './seed/seed-pool.ts'

const USAGE = `Fills a Scout database with realistic demo talents and their CVs.

Usage: npm run db:seed -- [--talents N] [--cvs N] [--users N] [--seed N] [--batch N] [--relevance]

  --talents N   talents to add (default 1000)
  --cvs N       of those, how many get a CV (default 0): half PDF, half DOCX, 1-3 pages, with the
                talent's name, e-mail and phone, and skills from the talent's area
  --users N     users who appear as "Added By" (default 20; they get random, unknown passwords)
  --seed N      faker seed; the same seed on the same day gives the same data (default 42)
  --batch N     talent rows per INSERT (default 10000)
  --relevance   also plant the search relevance set: 24 talents whose search answers are known
                (scripts/seed/relevance-set.ts; npm run bench:search -- --relevance scores them)
  --help        show this text

Target: DATABASE_URL when set, else the embedded PGlite database in DATA_DIR (default ./data).
Migrations are applied first. Talents whose e-mail already exists are skipped. Each new talent
gets its talent.created activity entry, and the edited ones talent.updated entries.
CVs are stored as uploads are (identical bytes once) with their text already read, and a
talent.cv_attached entry; a talent that has a CV keeps it. About 1 CV in 40 mentions a rare word
(RARE_TERMS in scripts/seed/cv-vocabulary.ts: COBOL, Quechua, beekeeping...) for search to find.`

const MS_PER_DAY = 24 * 3600 * 1000
const MB = 1024 * 1024

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"`)
  return Number(value)
}

type Target = {
  database: OpenDatabase
  lock: DataDirLock | undefined
  phoneRegion: CountryCode | undefined
}

/** DATABASE_URL, else PGlite in DATA_DIR, holding its lock so no server starts meanwhile. */
async function openTarget(): Promise<Target | undefined> {
  const config = loadConfig()
  if (config.databaseUrl) {
    const database = await openDatabase({ engine: 'postgres', url: config.databaseUrl, poolMax: 2 })
    return { database, lock: undefined, phoneRegion: config.defaultPhoneRegion }
  }
  let lock: DataDirLock
  try {
    lock = acquireDataDirLock(config.dataDir)
  } catch (error) {
    // Security rule 28: a running server owns the folder; say so instead of corrupting it.
    console.error(error instanceof Error ? error.message : error)
    console.error('Stop the running Scout server first, then run the seed again.')
    return undefined
  }
  const database = await openDatabase({ engine: 'pglite', dataDir: config.dataDir })
  return { database, lock, phoneRegion: config.defaultPhoneRegion }
}

async function databaseBytes(db: Db): Promise<{ total: number; files: number }> {
  const [row] = await rawRows<{ total: number; files: number }>(
    db,
    sql`select pg_database_size(current_database())::float8 as total,
               pg_total_relation_size('files')::float8 as files`,
  )
  return row ?? { total: 0, files: 0 }
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`

const perSecond = (count: number, seconds: number) =>
  Math.round(count / Math.max(seconds, 0.001)).toLocaleString('en')

type Sizes = Awaited<ReturnType<typeof databaseBytes>>

/** What was seeded, how fast, and how much the database grew (the CV files' share apart). */
function printSummary(
  engine: string,
  options: SeedOptions,
  result: SeedResult,
  sizeBefore: Sizes,
  sizeAfter: Sizes,
) {
  const skipped = options.talents - result.talents
  const cvSeconds = result.cvGenerateSeconds + result.cvInsertSeconds
  const talentSeconds = result.seconds - cvSeconds
  console.log(
    `\rSeeded ${result.talents.toLocaleString('en')} talents and ${result.users} users on ` +
      `${engine} in ${talentSeconds.toFixed(1)} s ` +
      `(${perSecond(result.talents, talentSeconds)} rows/s)` +
      (skipped > 0 ? `; ${skipped} skipped (e-mail already present)` : ''),
  )
  if (options.cvs > 0) {
    console.log(
      `Attached ${result.cvs.toLocaleString('en')} CVs (${result.pdfs.toLocaleString('en')} PDF, ` +
        `${(result.cvs - result.pdfs).toLocaleString('en')} DOCX; ` +
        `${(result.cvBytes / MB).toFixed(1)} MB of files) in ${cvSeconds.toFixed(1)} s ` +
        `(${perSecond(result.cvs, cvSeconds)} CVs/s; making the files ` +
        `${result.cvGenerateSeconds.toFixed(1)} s, storing them ${result.cvInsertSeconds.toFixed(1)} s)`,
    )
  }
  const growth = sizeAfter.total - sizeBefore.total
  const files = sizeAfter.files - sizeBefore.files
  console.log(
    `Done in ${result.seconds.toFixed(1)} s. Database size: ${megabytes(sizeBefore.total)} → ` +
      `${megabytes(sizeAfter.total)} (+${megabytes(growth)}` +
      (options.cvs > 0 ? `, of which CV files and their text +${megabytes(files)})` : ')'),
  )
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      talents: { type: 'string' },
      cvs: { type: 'string' },
      users: { type: 'string' },
      seed: { type: 'string' },
      batch: { type: 'string' },
      relevance: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const counts = {
    talents: positiveInt('talents', values.talents, 1000),
    cvs: positiveInt('cvs', values.cvs, 0),
    users: positiveInt('users', values.users, 20),
    seed: positiveInt('seed', values.seed, 42),
    batch: Math.max(1, positiveInt('batch', values.batch, 10_000)),
    // Reference date = start of today, so a rerun the same day produces identical rows.
    refDate: new Date(Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY),
  }
  if (counts.cvs > counts.talents) {
    console.error(`--cvs ${counts.cvs} is more than --talents ${counts.talents}`)
    return 1
  }

  const target = await openTarget()
  if (!target) return 1
  const { database } = target
  // The phone keys the server would otherwise fill on start, in its region.
  const options: SeedOptions = { ...counts, phoneRegion: target.phoneRegion }
  try {
    await database.migrate()
    const sizeBefore = await databaseBytes(database.db)
    const result = await seedPool(database, options, (done) => {
      const cvs = options.cvs > 0 ? `, ${done.cvs.toLocaleString('en')} CVs` : ''
      process.stdout.write(`\r${done.talents.toLocaleString('en')} talents${cvs}…`)
    })
    const sizeAfter = await databaseBytes(database.db)
    printSummary(database.engine, options, result, sizeBefore, sizeAfter)
    if (values.relevance) {
      console.log(`Planted ${await plantRelevanceSet(database.db)} talents of the relevance set`)
    }
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
