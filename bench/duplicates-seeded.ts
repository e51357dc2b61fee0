/**
 * The duplicate rules on a pool of realistic names (`npm run db:seed`: faker's first and
 * last names, so many talents share a word of the name), where bench/duplicates.ts's own pool has
 * distinct names. Times an import dry run's check of 10,000 new rows (first and last names of the
 * pool recombined, in random areas) and one whole-pool scan (budget ≤ 60 s at 100,000 talents).
 *
 *   node --import tsx bench/duplicates-seeded.ts --database-url postgres://…/db   (PostgreSQL)
 *   node --import tsx bench/duplicates-seeded.ts --data-dir /path/to/folder       (embedded)
 *
 * Seed the pool first: DATABASE_URL=… (or DATA_DIR=…) npm run db:seed -- --talents 100000
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { duplicatesOfRows, type RowToCheck } from '../src/server/duplicates/batch-check.ts'
import { findDuplicatePairs } from '../src/server/duplicates/scan.ts'
import { openDatabase } from '../src/server/db/open.ts'
import { rawRows } from '../src/server/db/raw-rows.ts'

const ROWS = 10_000
const BATCH = 2_000 // imports/possible-duplicates.ts's CHECK_ROWS
const SCAN_BUDGET_S = 60

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' } },
})
const url = values['database-url']
const dataDir = values['data-dir']
if (!url && !dataDir) throw new Error('--database-url or --data-dir is required')
const database = await openDatabase(
  url ? { engine: 'postgres', url, poolMax: 4 } : { engine: 'pglite', dataDir },
)
await database.migrate()
const { db } = database

const people = await rawRows<{ full_name: string; area_of_interest: string }>(
  db,
  sql`SELECT full_name, area_of_interest FROM talents ORDER BY random() LIMIT ${2 * ROWS}`,
)
if (people.length < 2 * ROWS) throw new Error(`seed at least ${2 * ROWS} talents first`)
const pick = (i: number) => people[i % people.length] ?? { full_name: '', area_of_interest: '' }
const words = (i: number) => pick(i).full_name.split(' ')
const rows: RowToCheck[] = Array.from({ length: ROWS }, (_, i) => ({
  row: i + 2,
  email: `seeded.${i}@bench.test`,
  // One talent's first name with another's last name, in a third one's area.
  fullName: `${words(i)[0]} ${words(ROWS + i).at(-1)}`,
  areaOfInterest: pick(i * 7).area_of_interest,
}))

let started = performance.now()
let flagged = 0
for (let i = 0; i < rows.length; i += BATCH)
  flagged += (await duplicatesOfRows(db, rows.slice(i, i + BATCH), undefined)).size
const checkMs = performance.now() - started
console.log(
  `dry run's check, ${ROWS.toLocaleString('en')} new rows: ${Math.round(checkMs)} ms ` +
    `(${(checkMs / ROWS).toFixed(3)} ms a row), ${flagged} flagged`,
)

started = performance.now()
const pairs = await findDuplicatePairs(db, undefined)
const scanS = (performance.now() - started) / 1000
const [pool] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM talents`)
console.log(
  `whole-pool scan, ${pool?.n.toLocaleString('en')} talents: ${scanS.toFixed(1)} s ` +
    `(budget ${SCAN_BUDGET_S} s), ${pairs.length} pairs — ${scanS <= SCAN_BUDGET_S ? 'PASS' : 'FAIL'}`,
)
await database.close()
process.exitCode = scanS <= SCAN_BUDGET_S ? 0 : 1
