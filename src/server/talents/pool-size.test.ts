import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { rawRows } from '../db/raw-rows.ts'
import { rowCounts, talents } from '../db/schema.ts'

/**
 * The pool's size is kept by the database (migration 0024) instead of counted on every data
 * version: it must equal count(*) after any mix of writes, concurrent ones included.
 */
async function keptAndCounted(api: Api): Promise<[number | undefined, number]> {
  const { db } = api.database
  const [kept] = await db.select().from(rowCounts).where(eq(rowCounts.name, 'talents'))
  const [counted] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from talents`)
  return [kept?.rows, counted?.n ?? -1]
}

const person = (n: number) => ({
  fullName: `Person ${n}`,
  email: `person${n}@example.com`,
  areaOfInterest: 'Science' as const,
  seniorityLevel: 'mid' as const,
})

test('the kept pool size follows inserts, multi-row inserts, skipped upserts, deletes, rollbacks and truncates', async ({
  api,
}) => {
  const { db } = api.database
  expect(await keptAndCounted(api)).toEqual([0, 0])
  for (const n of [1, 2, 3]) await api.makeTalent(person(n))
  await db.insert(talents).values([4, 5, 6, 7, 8].map(person))
  expect(await keptAndCounted(api)).toEqual([8, 8])
  // An insert that skips its conflicting rows counts only the rows it inserted.
  await db
    .insert(talents)
    .values([person(1), person(9)])
    .onConflictDoNothing()
  expect(await keptAndCounted(api)).toEqual([9, 9])
  await db
    .delete(talents)
    .where(sql`${talents.email} in ('person1@example.com', 'person2@example.com')`)
  expect(await keptAndCounted(api)).toEqual([7, 7])
  await expect(
    db.transaction(async (tx) => {
      await tx.insert(talents).values([10, 11].map(person))
      throw new Error('rolled back')
    }),
  ).rejects.toThrow('rolled back')
  expect(await keptAndCounted(api)).toEqual([7, 7])

  const admin = await api.as('admin')
  const list = await admin.inject('GET', '/api/talents?limit=5')
  expect(list.headers['x-total-count']).toBe('7')
  expect((await admin.inject('GET', '/api/talents/stats')).json()).toMatchObject({ total: 7 })

  await db.execute(sql`TRUNCATE talents CASCADE`)
  expect(await keptAndCounted(api)).toEqual([0, 0])
})

test('talents added and deleted at once, through the API, leave the kept size exact', async ({
  api,
}) => {
  const admin = await api.as('admin')
  const added = await Promise.all(
    Array.from({ length: 24 }, (_, n) => admin.inject('POST', '/api/talents', person(n))),
  )
  expect(added.map((r) => r.statusCode)).toEqual(added.map(() => 201))
  const ids = added.map((r) => r.json<{ id: number }>().id)
  const deleted = await Promise.all(
    ids.slice(0, 10).map((id) => admin.inject('DELETE', `/api/talents/${id}`)),
  )
  expect(deleted.every((r) => r.statusCode < 300)).toBe(true)
  expect(await keptAndCounted(api)).toEqual([14, 14])
  expect((await admin.inject('GET', '/api/talents?limit=1')).headers['x-total-count']).toBe('14')
})
