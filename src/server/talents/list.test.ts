import { sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { SORT_VALUES, type TalentSort } from '#shared/talent.ts'
import { talentListQuerySchema, type TalentListQueryInput } from '#shared/talent-list-query.ts'
import { BadRequestError } from '../errors.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { encodeCursor } from './cursor.ts'
import { listTalents } from './list.ts'
import { deleteTalent, getTalent } from './service.ts'
import { insertTalent, insertUser, type TalentSeed } from '#tests/support/talent-rows.ts'

type Row = Required<Omit<TalentSeed, 'addedById'>> & { id: number; adder: string | null }
const rows: Row[] = []
let admin: { id: number; role: 'admin' | 'user'; email: string }

const NAMES = ['Ann Lee', 'ann lee', 'Bob Stone', 'Carla Joanna', 'Dan Brown', 'bob stone']
const AREAS = ['Design', 'Science', 'Arts & Culture'] as const
const LEVELS = ['junior', 'mid', 'senior'] as const
const TAGS = [[], ['High Potential'], ['Remote', 'Needs Updating'], ['High Potential', 'Remote']]
const STATUSES = [[], ['Hired'], ['Interviewed', 'Hired']] as const
const BASE = Date.parse('2025-06-01T12:00:00.000Z')

// One data set for the file, which every test reads.
test.beforeAll(async ({ database }) => {
  admin = await insertUser(database.db, 'admin@x.test', 'admin')
  const alice = await insertUser(database.db, 'alice@x.test')
  const adders = [alice, null, admin] as const
  // 30 talents with deliberate ties: repeated names (also differing only in case), repeated
  // areas and five distinct created_at values, so every sort needs its id tiebreak.
  for (let i = 0; i < 30; i++) {
    const adder = adders[i % 3] ?? null
    const seed = {
      fullName: i === 29 ? 'Eve 100% Real' : (NAMES[i % NAMES.length] ?? 'x'),
      email: i === 28 ? `fay_green@x.test` : i === 27 ? 'dan.ANNex@x.test' : `t${i}@x.test`,
      areaOfInterest: AREAS[i % 3] ?? 'Design',
      seniorityLevel: LEVELS[(i >> 1) % 3] ?? 'mid',
      tags: TAGS[i % 4] ?? [],
      status: [...(STATUSES[i % 3] ?? [])],
      createdAt: new Date(BASE - (i % 5) * 86_400_000),
    }
    const id = await insertTalent(database.db, { ...seed, addedById: adder?.id ?? null })
    rows.push({ ...seed, id, adder: adder?.email ?? null })
  }
})

const query = (input: TalentListQueryInput) => talentListQuerySchema.parse(input)
const ids = (list: { id: number }[]) => list.map((r) => r.id)

function compare(a: Row, b: Row, sort: TalentSort): number {
  const key = (r: Row) =>
    sort === 'newest' || sort === 'oldest'
      ? r.createdAt.toISOString()
      : sort.startsWith('name')
        ? r.fullName.toLowerCase()
        : r.areaOfInterest
  const [ka, kb] = [key(a), key(b)]
  const asc = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id
  return sort === 'newest' || sort.endsWith('desc') ? -asc : asc
}
const expected = (keep: (r: Row) => boolean, sort: TalentSort = 'newest') =>
  ids(rows.filter(keep).sort((a, b) => compare(a, b, sort)))

describe('filters (spec section 3 "Filter state")', () => {
  const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase())
  const cases: [string, TalentListQueryInput, (r: Row) => boolean][] = [
    ['area', { areaOfInterest: 'Design' }, (r) => r.areaOfInterest === 'Design'],
    ['level', { seniorityLevel: 'senior' }, (r) => r.seniorityLevel === 'senior'],
    ['tag', { tag: 'Remote' }, (r) => r.tags.includes('Remote')],
    ['status', { status: 'Hired' }, (r) => r.status.includes('Hired')],
    ['addedBy, any case', { addedBy: 'ALICE@x.test' }, (r) => r.adder === 'alice@x.test'],
    [
      'search name or e-mail',
      { search: 'ANN' },
      (r) => contains(r.fullName, 'ann') || contains(r.email, 'ann'),
    ],
    ['search % literally', { search: '100%' }, (r) => r.fullName.includes('100%')],
    ['search _ literally', { search: '_' }, (r) => r.email.includes('_')],
    [
      'all combined',
      { areaOfInterest: 'Science', tag: 'High Potential', search: 'T1' },
      (r) =>
        r.areaOfInterest === 'Science' &&
        r.tags.includes('High Potential') &&
        (contains(r.fullName, 't1') || contains(r.email, 't1')),
    ],
    ["'all' clears", { areaOfInterest: 'all', status: 'all' }, () => true],
  ]
  test.for(cases)('%s', async ([, input, keep], { database }) => {
    const want = expected(keep)
    expect(want.length).toBeGreaterThan(0)
    const page = await listTalents(database.db, query(input))
    expect(ids(page.rows)).toEqual(want)
    expect(page.total).toBe(want.length)
    expect(page.nextCursor).toBeUndefined()
  })

  test('an unknown adder or tag matches nothing', async ({ database }) => {
    expect((await listTalents(database.db, query({ addedBy: 'nobody@x.test' }))).rows).toEqual([])
    expect((await listTalents(database.db, query({ tag: 'remote' }))).total).toBe(0)
  })

  test('rows carry addedByUser with public fields only', async ({ database }) => {
    const page = await listTalents(database.db, query({ search: 't0@x.test' }))
    expect(page.rows[0]?.addedByUser).toEqual({
      email: 'alice@x.test',
      firstName: null,
      lastName: null,
      isDefaultAdmin: false,
    })
    const none = await listTalents(database.db, query({ search: 't1@x.test' }))
    expect(none.rows.find((r) => r.email === 't1@x.test')?.addedByUser).toBeNull()
  })
})

describe('sorts and keyset paging', () => {
  test.for(SORT_VALUES)('%s: full order with id tiebreaks', async (sort, { database }) => {
    const page = await listTalents(database.db, query({ sort }))
    expect(ids(page.rows)).toEqual(expected(() => true, sort))
  })

  test.for(SORT_VALUES)(
    '%s: pages of 4 visit every row exactly once',
    async (sort, { database }) => {
      const seen: number[] = []
      let cursor: string | undefined
      let pages = 0
      do {
        const page = await listTalents(database.db, query({ sort, limit: '4', cursor }))
        expect(page.rows.length).toBeLessThanOrEqual(4)
        expect(page.total).toBe(30)
        seen.push(...ids(page.rows))
        cursor = page.nextCursor
        pages++
      } while (cursor && pages < 20)
      expect(pages).toBe(8)
      expect(seen).toEqual(expected(() => true, sort))
    },
  )

  test('paging keeps the filter', async ({ database }) => {
    const first = await listTalents(
      database.db,
      query({ tag: 'Remote', sort: 'name_asc', limit: '5' }),
    )
    const second = await listTalents(
      database.db,
      query({ tag: 'Remote', sort: 'name_asc', limit: '5', cursor: first.nextCursor }),
    )
    expect([...ids(first.rows), ...ids(second.rows)]).toEqual(
      expected((r) => r.tags.includes('Remote'), 'name_asc').slice(0, 10),
    )
  })

  test('without limit: up to the cap, then a cursor', async ({ database }) => {
    const capped = await listTalents(database.db, query({}), { maxRows: 7 })
    expect(ids(capped.rows)).toEqual(expected(() => true).slice(0, 7))
    expect(capped.nextCursor).toBeDefined()
    const rest = await listTalents(database.db, query({ cursor: capped.nextCursor }), {
      maxRows: 100,
    })
    expect(ids(rest.rows)).toEqual(expected(() => true).slice(7))
    expect(rest.nextCursor).toBeUndefined()
  })

  test.for([
    ['garbage', 'not-a-cursor!'],
    ['base64 of non-JSON', Buffer.from('hello').toString('base64url')],
    ['another sort', encodeCursor({ sort: 'name_asc', key: 'ann', id: 1 })],
    ['a forged timestamp', encodeCursor({ sort: 'newest', key: "x'; drop table talents", id: 1 })],
    [
      'an impossible date',
      encodeCursor({ sort: 'oldest', key: '2024-13-45T99:00:00.000000Z', id: 1 }),
    ],
  ])('a %s cursor is a 400 Invalid cursor', async ([, cursor], { database }) => {
    const attempt = listTalents(database.db, query({ cursor }))
    await expect(attempt).rejects.toBeInstanceOf(BadRequestError)
    await expect(attempt).rejects.toThrow('Invalid cursor')
  })
})

describe('total (cached per filter and data version, issues 3 and 15)', () => {
  test('is counted once per data version, not per page; a newer version counts again', async ({
    database,
  }) => {
    const filter = { areaOfInterest: 'Health' } as const
    // No page cache here, so the rows show what the table holds.
    const at = (dataVersion: number | undefined) =>
      listTalents(database.db, query(filter), { dataVersion, cachedPages: 0 })
    expect((await at(1000)).total).toBe(0)
    // A row written while version 1000 is still the newest any request has read…
    const hidden = await insertTalent(database.db, {
      ...filter,
      fullName: 'Hid Den',
      email: 'h@x.test',
    })
    const cached = await at(1000)
    expect(cached.total).toBe(0)
    expect(ids(cached.rows)).toEqual([hidden])
    // …is counted by the first request that read the next version (every write moves it).
    expect((await at(1001)).total).toBe(1)
    // A caller without a version (a script) always counts.
    expect((await at(undefined)).total).toBe(1)
    await deleteTalent(database.db, hidden, admin)
    expect((await at(1001)).total).toBe(1)
    expect((await at(1002)).total).toBe(0)
  })
})

test('cursors keep microseconds: rows within one millisecond page exactly once', async ({
  database,
}) => {
  const { db } = database
  await db.execute(sql`
    insert into talents (full_name, email, area_of_interest, seniority_level, created_at)
    select 'Micro ' || i, 'micro' || i || '@x.test', 'Law & Ethics', 'mid',
           '2025-01-01T00:00:00.000000Z'::timestamptz + i * interval '1 microsecond'
    from generate_series(1, 3) as i`)
  for (const sort of ['newest', 'oldest'] as const) {
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await listTalents(
        db,
        query({ areaOfInterest: 'Law & Ethics', sort, limit: '1', cursor }),
      )
      seen.push(...page.rows.map((r) => r.fullName))
      cursor = page.nextCursor
    } while (cursor && seen.length < 10)
    const order = ['Micro 1', 'Micro 2', 'Micro 3']
    expect(seen).toEqual(sort === 'oldest' ? order : order.reverse())
  }
  await db.execute(sql`delete from talents where area_of_interest = 'Law & Ethics'`)
})

describe('the page JSON the database builds (talent-json.ts)', () => {
  test('equals the object path (getTalent) for every row: fields, timestamps, adder', async ({
    database,
  }) => {
    // Microseconds that must be truncated, not rounded, like Date#toISOString does; text that
    // JSON must escape; a row without an adder.
    const id = await insertTalent(database.db, {
      fullName: 'Zoë "Quote" \\ O\'Neil \u2028',
      email: 'json-check@x.test',
      addedById: null,
    })
    const notes = 'line\nbreak\ttab <b>'
    await database.db.execute(
      sql`update talents set created_at = '2025-06-09T23:59:59.999999Z', notes = ${notes} where id = ${id}`,
    )
    const page = await listTalents(database.db, query({ limit: '200' }))
    expect(page.rows.map((r) => r.id)).toContain(id)
    // The list adds `match`, null without a search; the rest is the object path's.
    for (const row of page.rows) {
      expect(row).toEqual({ ...(await getTalent(database.db, row.id)), match: null })
    }
    const added = page.rows.find((r) => r.id === id)
    expect(added?.createdAt).toBe('2025-06-09T23:59:59.999Z')
    expect(added?.addedByUser).toBeNull()
    await deleteTalent(database.db, id, { id: admin.id, role: 'admin' })
  })
})
