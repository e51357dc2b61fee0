/**
 * Security rule 50 "Measured": erasing one talent with 5 CV versions and 200 History entries
 * takes ≤ 500 ms, on a seeded pool.
 *
 *   node --import tsx bench/erase.ts --engine pglite     (DATA_DIR /tmp/scout-bench-erase)
 *   node --import tsx bench/erase.ts --engine postgres   (database scout_bench_erase)
 *   options: --talents N (pool size, default 10000), --runs N (erasures timed, default 5)
 *
 * Each run builds its talent in the database directly (the CVs through attachCv, the History as
 * talent.updated entries naming the person), then times eraseTalent alone, in this process.
 */
import { eq, sql } from 'drizzle-orm'
import { parseCommonArgs, scratchTarget } from './lib/cli.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { makePdf } from '../scripts/seed/pdf-and-docx.ts'
import { recordActivities, type ActivityRecord } from '../src/server/audit/record.ts'
import { attachCv } from '../src/server/cvs/service.ts'
import { rawRows } from '../src/server/db/raw-rows.ts'
import { talents, users } from '../src/server/db/schema.ts'
import { eraseTalent } from '../src/server/privacy/erasure/erase.ts'
import { erasureKeys } from '../src/server/privacy/erasure/identifiers.ts'
import { generateSecretKey } from '../src/server/secrets/secret-box.ts'

const BUDGET_MS = 500
const CV_VERSIONS = 5
const HISTORY_ENTRIES = 200

const argv = process.argv.slice(2)
const target = scratchTarget(argv, 'erase')
const common = parseCommonArgs(argv)
const poolSize = argv.includes('--talents') ? common.talents : 10_000
const runs = common.runs

await prepareDatabase(target, poolSize)
const database = await openBenchDatabase(target)
const db = database.db
const keys = erasureKeys(generateSecretKey())
const [adminRow] = await db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.role, 'admin'))
  .limit(1)
if (!adminRow) throw new Error('no admin in the bench database')
const admin = adminRow
const actor = { id: admin.id, role: 'admin' as const }

async function buildTalent(run: number): Promise<number> {
  const stamp = `${Date.now().toString(36)}${run}`
  const fullName = `Erasable Person ${stamp}`
  const email = `erasable.${stamp}@example.org`
  const [row] = await db
    .insert(talents)
    .values({
      fullName,
      email,
      phone: '+1 415 555 0199',
      areaOfInterest: 'Science',
      seniorityLevel: 'mid',
      notes: `Notes about ${fullName}`,
      addedById: admin.id,
    })
    .returning({ id: talents.id })
  if (!row) throw new Error('bench talent not inserted')
  for (let v = 0; v < CV_VERSIONS; v++) {
    const bytes = makePdf([`${fullName} curriculum vitae version ${v}`, `Contact ${email}`])
    await attachCv(db, row.id, { bytes, fileName: `cv-${v}.pdf` }, actor, CV_VERSIONS)
  }
  const entries: ActivityRecord[] = Array.from({ length: HISTORY_ENTRIES }, (_, i) => ({
    userId: admin.id,
    action: 'talent.updated',
    entityType: 'talent',
    entityId: row.id,
    details: { fullName, changes: [{ field: 'notes', from: `${fullName} ${i}`, to: email }] },
  }))
  await recordActivities(db, entries)
  return row.id
}

const timings: number[] = []
const inOrder: number[] = []
try {
  for (let run = 0; run < runs; run++) {
    const id = await buildTalent(run)
    const started = performance.now()
    await eraseTalent(db, id, { reason: 'bench' }, actor, keys)
    timings.push(performance.now() - started)
    inOrder.push(performance.now() - started)
    const [left] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from talents where id = ${id}`,
    )
    if (left?.n !== 0) throw new Error(`talent ${id} is still there`)
  }
} finally {
  await database.release()
}
timings.sort((a, b) => a - b)
const median = timings[Math.floor(timings.length / 2)] ?? 0
const worst = timings.at(-1) ?? 0
console.log(
  `erase (${target.engine}, ${poolSize.toLocaleString('en')} talents, ${CV_VERSIONS} CV versions, ` +
    `${HISTORY_ENTRIES} History entries): median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms ` +
    `over ${runs} runs — budget ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
)
console.log(`  each run, in order (ms): ${inOrder.map((ms) => ms.toFixed(0)).join(', ')}`)
process.exitCode = worst <= BUDGET_MS ? 0 : 1
