import { sql } from 'drizzle-orm'
import { expect, test as plainTest } from 'vitest'
import { apiTestWith, type Api } from '#tests/support/api-test.ts'
import { recordStatements } from '#tests/support/record-statements.ts'
import { chooseTotal, roundEstimate } from './count.ts'

/**
 * X-Total-Count stays exact where it is cheap; a broad query's total may be the
 * planner's estimate, flagged X-Total-Count-Estimated. The bound is 5 here (COUNT_EXACT_UP_TO,
 * 10,000 by default), so a pool of 40 is "large".
 */
const test = apiTestWith({ countExactUpTo: 5 })

/** 30 designers, 10 scientists; all know python, two scientists COBOL; ANALYZE, as autovacuum would. */
async function seedPool(api: Api): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await api.makeTalent({
      fullName: `Person ${i}`,
      email: `p${i}@x.test`,
      areaOfInterest: i < 30 ? 'Design' : 'Science',
    })
  }
  await api.database.db.execute(
    sql`update talents set notes = case when email in ('p35@x.test', 'p36@x.test')
      then 'python and cobol' else 'python' end`,
  )
  await api.database.db.execute(sql`analyze talents`)
}

async function list(api: Api, params: Record<string, string>) {
  const caller = await api.as('user')
  const response = await caller.inject('GET', `/api/talents?${new URLSearchParams(params)}`)
  expect(response.statusCode, response.body).toBe(200)
  return {
    total: Number(response.headers['x-total-count']),
    estimated: response.headers['x-total-count-estimated'],
  }
}

test('a broad filter or search past the bound answers the estimate, flagged', async ({ api }) => {
  await seedPool(api)
  // The planner knows area's values exactly from ANALYZE (most common values).
  expect(await list(api, { areaOfInterest: 'Design', limit: '10' })).toEqual({
    total: 30,
    estimated: 'true',
  })
  const broad = await list(api, { q: 'python ', limit: '10' })
  expect(broad.estimated).toBe('true')
  expect(broad.total).toBeGreaterThan(5)
  // A repeat comes from the count cache, flag and all.
  expect((await list(api, { q: 'python ', limit: '10' })).estimated).toBe('true')
})

test('a query the planner sees far past the bound is not counted at all', async ({ api }) => {
  await seedPool(api)
  const recorder = recordStatements(api.database.db)
  try {
    // 40 of 40 know python: the estimate is eight times the bound of 5.
    const broad = await list(api, { q: 'python ', limit: '10' })
    expect(broad.estimated).toBe('true')
    expect(recorder.texts().filter((text) => text.includes('count(*)'))).toEqual([])
  } finally {
    recorder.stop()
  }
})

test('selective queries, and the whole pool, stay exact and unflagged', async ({ api }) => {
  await seedPool(api)
  expect(await list(api, { q: 'cobol ' })).toEqual({ total: 2, estimated: undefined })
  expect(await list(api, { areaOfInterest: 'Science', q: 'cobol' })).toEqual({
    total: 2,
    estimated: undefined,
  })
  expect(await list(api, { areaOfInterest: 'Science', q: 'nobody' })).toEqual({
    total: 0,
    estimated: undefined,
  })
  // The whole pool is the stat cards' exact count, whatever its size.
  expect(await list(api, { limit: '10' })).toEqual({ total: 40, estimated: undefined })
})

plainTest('the estimate rounds to three significant digits', () => {
  expect(roundEstimate(41_237)).toBe(41_200)
  expect(roundEstimate(10_001)).toBe(10_000)
  expect(roundEstimate(123_456)).toBe(123_000)
  expect(roundEstimate(999.6)).toBe(1000)
  expect(roundEstimate(37)).toBe(37)
})

plainTest('exact up to the bound; past it the estimate, unless the planner knows less', () => {
  expect(chooseTotal(10_000, 41_237, 10_000)).toEqual({ total: 10_000, isEstimated: false })
  expect(chooseTotal(10_001, 41_237, 10_000)).toEqual({ total: 41_200, isEstimated: true })
  // No statistics: the planner guesses fewer than were just counted; the caller counts in full.
  expect(chooseTotal(10_001, 500, 10_000)).toBeUndefined()
})
