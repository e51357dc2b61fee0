import { asc, eq, inArray, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { jobs } from '../db/job-schema.ts'
import { SCAN_DUPLICATES } from '../duplicates/scan-schedule.ts'
import { rawRows } from '../db/raw-rows.ts'
import { talents } from '../db/schema.ts'
import {
  deferIndexMerges,
  TABLE_UPKEEP,
  tableUpkeepJob,
  UPKEEP_AFTER_ROWS,
} from '../jobs/table-upkeep.ts'
import { runBulk, undoBulk } from './service.ts'

/**
 * A large bulk action (UPKEEP_AFTER_ROWS talents or more) on both engines: its GIN
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

async function taggedCount(api: Api): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    api.database.db,
    sql`select count(*)::int as n from talents where tags @> array['Job Fair']::text[]`,
  )
  return row?.n ?? -1
}

async function historyCount(api: Api): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    api.database.db,
    sql`select count(*)::int as n from activity_log where action = 'talent.updated'`,
  )
  return row?.n ?? -1
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
  // Every talent tagged, with one History entry each (the embedded engine writes them in parts).
  expect(await taggedCount(api)).toBe(UPKEEP_AFTER_ROWS)
  expect(await historyCount(api)).toBe(UPKEEP_AFTER_ROWS)
  expect(await queuedKinds(api)).toEqual([TABLE_UPKEEP])
  const undo = await user.inject('POST', `/api/bulk/${bulkId}/undo`)
  expect(undo.statusCode, undo.body).toBe(200)
  expect(undo.json()).toEqual({ restored: UPKEEP_AFTER_ROWS, kept: [] })
  expect(await taggedCount(api)).toBe(0)
  expect(await historyCount(api)).toBe(2 * UPKEEP_AFTER_ROWS)
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

test('in parts (the embedded engine): one History entry each, and undo lists a later edit', async ({
  api,
}) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const ids: number[] = []
  for (let i = 0; i < 5; i++) ids.push(await api.makeTalent({ tags: i === 1 ? ['Job Fair'] : [] }))
  const actor = { id: user.user.id, role: 'user' as const }
  const mark = await activityMark(api.database.db)

  const { bulkId, affected } = await runBulk(
    api.database.db,
    { action: 'addTags', ids, payload: { tags: ['Job Fair'] } },
    actor,
    { rowsPerStatement: 2 },
  )

  expect(affected).toBe(4)
  const entries = await activitySince(api.database.db, mark)
  expect(entries.map((e) => e.entityId)).toEqual(ids.filter((_, i) => i !== 1))
  const edited = ids[4] ?? 0
  // Someone edits it afterwards: a new version, as any edit writes.
  await api.database.db
    .update(talents)
    .set({ notes: 'Met at the fair', updatedAt: sql`now() + interval '1 second'` })
    .where(eq(talents.id, edited))

  const undo = await undoBulk(api.database.db, bulkId, actor, { undoRowsPerStatement: 2 })

  expect(undo.restored).toBe(3)
  expect(undo.kept.map((k) => k.talentId)).toEqual([edited])
  const rows = await api.database.db
    .select({ id: talents.id, tags: talents.tags })
    .from(talents)
    .where(inArray(talents.id, ids))
    .orderBy(asc(talents.id))
  expect(rows.map((row) => row.tags)).toEqual([[], ['Job Fair'], [], [], ['Job Fair']])
})

// The embedded engine: the list a person was looking at is loaded for the new data version before
// the action answers, so the first list requests after it do not wait out the next transaction
// (an Undo clicked at once). DDL fires no trigger: only a page already cached still answers.
test.runIf(testEngine() === 'pglite')(
  'PGlite: after a bulk action the list just looked at is cached for the new version',
  async ({ api }) => {
    await api.makeTag('Job Fair')
    const id = await api.makeTalent()
    const user = await api.as('user')
    const list = () => user.inject('GET', '/api/talents?limit=5')
    expect((await list()).json()).toMatchObject([{ id, tags: [] }])

    const response = await user.inject('POST', '/api/talents/bulk', {
      action: 'addTags',
      ids: [id],
      payload: { tags: ['Job Fair'] },
    })
    expect(response.statusCode, response.body).toBe(200)

    await api.database.db.execute(sql`ALTER TABLE talents RENAME TO talents_aside`)
    try {
      const after = await list()
      expect(after.statusCode, after.body).toBe(200)
      expect(after.json()).toMatchObject([{ id, tags: ['Job Fair'] }])
    } finally {
      await api.database.db.execute(sql`ALTER TABLE talents_aside RENAME TO talents`)
    }
  },
)
