import { and, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'
import { jobs } from '../db/job-schema.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { TABLE_UPKEEP, queueTableUpkeep, tableUpkeepJob } from './table-upkeep.ts'

test('a burst of large writes queues one upkeep, ten seconds later', async ({ api }) => {
  const { db } = api.database
  await queueTableUpkeep(db)
  await queueTableUpkeep(db)
  const queued = await rawRows<{ due_in: number }>(
    db,
    sql`SELECT extract(epoch FROM run_at - now())::float8 AS due_in FROM jobs
      WHERE kind = ${TABLE_UPKEEP} AND state = 'queued'`,
  )
  expect(queued).toHaveLength(1)
  expect(queued[0]?.due_in).toBeGreaterThan(5)
  // Once it has run, the next large write queues another.
  await db
    .update(jobs)
    .set({ state: 'done' })
    .where(and(eq(jobs.kind, TABLE_UPKEEP), eq(jobs.state, 'queued')))
  await queueTableUpkeep(db)
  const again = await db.select().from(jobs).where(eq(jobs.kind, TABLE_UPKEEP))
  expect(again.map((job) => job.state).sort()).toEqual(['done', 'queued'])
})

// The embedded engine gathers no statistics by itself: without the job the planner's idea of the
// table (reltuples, which estimated totals and plans read) stays where the last ANALYZE left it.
test('the upkeep refreshes what the planner knows of talents, on either engine', async ({
  api,
}) => {
  const { db } = api.database
  for (let i = 0; i < 40; i += 1) await api.makeTalent({ fullName: `Counted Person ${i}` })
  const before = await rawRows<{ n: number }>(
    db,
    sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'talents'`,
  )
  expect(before[0]?.n).not.toBe(40)
  await runUpkeep(db)
  const after = await rawRows<{ n: number }>(
    db,
    sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'talents'`,
  )
  expect(after[0]?.n).toBe(40)
})

// PostgreSQL's autovacuum may come a minute later, or never (turned off): the rows an undo removed
// stay in every index until a VACUUM, and a name check crawled through them (docs/performance.md).
test('the upkeep clears the rows a large delete left behind, on either engine', async ({ api }) => {
  const { db } = api.database
  for (let i = 0; i < 30; i += 1) await api.makeTalent({ fullName: `Removed Person ${i}` })
  await db.execute(sql`DELETE FROM talents`)
  // VACUUM frees the pages the deleted rows held, and gives the emptied table's pages back.
  const pages = async (table: string) =>
    (
      await rawRows<{ n: number }>(db, sql`SELECT pg_relation_size(${table}::regclass)::int AS n`)
    )[0]?.n
  expect(await pages('talents')).toBeGreaterThan(0)
  // The talents' name blocks went with them (a cascade), as dead rows too.
  expect(await pages('name_blocks')).toBeGreaterThan(0)
  await runUpkeep(db)
  expect(await pages('talents')).toBe(0)
  expect(await pages('name_blocks')).toBe(0)
})

function runUpkeep(db: Db) {
  return tableUpkeepJob(db)({ id: 0, kind: TABLE_UPKEEP, payload: {}, attempts: 1, maxAttempts: 1 })
}
