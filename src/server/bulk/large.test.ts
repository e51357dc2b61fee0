import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { jobs } from '../db/job-schema.ts'
import { SCAN_DUPLICATES } from '../duplicates/scan-schedule.ts'
import { rawRows } from '../db/raw-rows.ts'
import {
  deferIndexMerges,
  TABLE_UPKEEP,
  tableUpkeepJob,
  UPKEEP_AFTER_ROWS,
} from '../jobs/table-upkeep.ts'

/**
 * Issue 19, a large bulk action (UPKEEP_AFTER_ROWS talents or more) on both engines: its GIN
 * entries wait in the indexes' pending lists while the request runs, and the table's upkeep,
 * queued with it, merges them (decision 012).
 */

/** Talents straight in SQL: a thousand through the API would take most of a minute. */
async function manyTalents(api: Api, n: number): Promise<void> {
  await api.database.db.execute(sql`
    insert into talents (full_name, email, area_of_interest, seniority_level)
    select 'Talent ' || g, 'talent' || g || '@example.com', 'Engineering', 'mid'
    from generate_series(1, ${n}) g`)
  // The duplicate scan those inserts queued is not what these tests look at.
  await api.database.db.delete(jobs).where(eq(jobs.kind, SCAN_DUPLICATES))
}

/** Entries still pending in the talents' GIN indexes (merging them: call once per check). */
async function pendingEntries(api: Api): Promise<number> {
  const [row] = await rawRows<{ pending: number }>(
    api.database.db,
    sql`select coalesce(sum(gin_clean_pending_list(i.indexrelid::regclass)), 0)::int as pending
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = 'talents'::regclass and a.amname = 'gin'`,
  )
  return row?.pending ?? -1
}

async function queuedKinds(api: Api): Promise<string[]> {
  const rows = await api.database.db
    .select({ kind: jobs.kind })
    .from(jobs)
    .where(eq(jobs.state, 'queued'))
  return rows.map((row) => row.kind).sort()
}

test('a large write keeps its index entries pending instead of merging them', async ({ api }) => {
  await manyTalents(api, UPKEEP_AFTER_ROWS)
  await pendingEntries(api)

  const deferred = await api.database.db.transaction(async (tx) => {
    // A small limit (64 kB, 8 pages) as the baseline, so that any merge during the write shows.
    await tx.execute(sql`SET LOCAL gin_pending_list_limit = '64kB'`)
    await deferIndexMerges(tx)
    await tx.execute(sql`update talents set tags = tags || array['Job Fair']::text[]`)
    const [row] = await rawRows<{ pages: number }>(
      tx,
      sql`select gin_clean_pending_list('talents_full_name_trgm_idx'::regclass)::int as pages`,
    )
    return row?.pages ?? 0
  })

  // A thousand rows' name trigrams (a new row version is indexed anew), all still pending: twice
  // the pages the 64 kB limit would have let stay.
  expect(deferred).toBeGreaterThan(16)
})

test('a large bulk action and its undo queue the upkeep, which leaves nothing pending', async ({
  api,
}) => {
  await api.makeTag('Job Fair')
  await manyTalents(api, UPKEEP_AFTER_ROWS)
  const user = await api.as('user')
  await pendingEntries(api)

  const response = await user.inject('POST', '/api/talents/bulk', {
    action: 'addTags',
    filter: {},
    payload: { tags: ['Job Fair'] },
  })
  expect(response.statusCode, response.body).toBe(200)
  const { bulkId, affected } = response.json<{ bulkId: number; affected: number }>()
  expect(affected).toBe(UPKEEP_AFTER_ROWS)
  expect(await queuedKinds(api)).toEqual([TABLE_UPKEEP])
  const undo = await user.inject('POST', `/api/bulk/${bulkId}/undo`)
  expect(undo.statusCode, undo.body).toBe(200)
  expect(await queuedKinds(api)).toEqual([TABLE_UPKEEP])

  // What the queued job runs, ten seconds later.
  await tableUpkeepJob(api.database.db)({
    id: 0,
    kind: TABLE_UPKEEP,
    payload: {},
    attempts: 1,
    maxAttempts: 1,
  })
  expect(await pendingEntries(api)).toBe(0)
})
