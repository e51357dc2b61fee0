import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { talentListQuerySchema } from '#shared/talent-list-query.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { listTalents, type ListOptions } from './list.ts'

/**
 * At 1,000,000 talents, a query with more matches than are counted exactly is ranked
 * among its newest matches and its name or e-mail hits; the rest follow, newest first, and
 * paging still reaches every match once. Small numbers stand in for COUNT_EXACT_UP_TO and
 * RANK_CANDIDATES.
 */
const BROAD: ListOptions = { exactCountUpTo: 3, rankWithin: 3 }

/** Every page of `q`, three at a time, as the names in the order they came. */
async function allPages(api: Api, q: string, options: ListOptions): Promise<string[]> {
  const names: string[] = []
  let cursor: string | undefined
  for (let pages = 0; pages < 10; pages++) {
    const query = talentListQuerySchema.parse({ q, limit: '3', ...(cursor ? { cursor } : {}) })
    const page = await listTalents(api.database.db, query, options)
    expect(page.total).toBe(8)
    names.push(...page.rows.map((row) => row.fullName))
    cursor = page.nextCursor
    if (!cursor) return names
  }
  throw new Error('paging did not end')
}

async function seedKotlin(api: Api): Promise<void> {
  // Oldest first: the name hit and the tag hit are older than the newest three matches.
  await api.makeTalent({ fullName: 'Kotlin Okafor', email: 'okafor@x.test' })
  await api.makeTalent({ fullName: 'In Tags', email: 'tags@x.test', tags: ['Kotlin'] })
  for (let n = 3; n <= 8; n++) {
    const id = await api.makeTalent({ fullName: `In Notes ${n}`, email: `notes${n}@x.test` })
    await api.database.db.execute(sql`update talents set notes = 'writes kotlin' where id = ${id}`)
  }
}

test('a broad query ranks its name hits and newest matches, then lists the rest newest first', async ({
  api,
}) => {
  await seedKotlin(api)
  expect(await allPages(api, 'kotlin', BROAD)).toEqual([
    'Kotlin Okafor',
    'In Notes 8',
    'In Notes 7',
    'In Notes 6',
    'In Notes 5',
    'In Notes 4',
    'In Notes 3',
    // A tag ranks above notes, but this talent is older than the newest three matches.
    'In Tags',
  ])
})

test('a query within the exact count ranks every match', async ({ api }) => {
  await seedKotlin(api)
  const ranked = await allPages(api, 'kotlin', { exactCountUpTo: 8, rankWithin: 3 })
  expect(ranked.slice(0, 3)).toEqual(['Kotlin Okafor', 'In Tags', 'In Notes 8'])
  expect(ranked).toHaveLength(8)
})
