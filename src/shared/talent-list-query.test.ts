import { describe, expect, test } from 'vitest'
import { countActiveFilters, talentListQuerySchema } from './talent-list-query.ts'

describe('talentListQuerySchema', () => {
  test('has no defaults: the server picks the order (newest, or relevance for q)', () => {
    expect(talentListQuerySchema.parse({})).toEqual({})
  })

  test("'all' and '' clear a filter (spec section 4)", () => {
    const parsed = talentListQuerySchema.parse({
      areaOfInterest: 'all',
      seniorityLevel: '',
      tag: 'all',
      status: 'all',
      addedBy: '',
      search: '',
    })
    expect(parsed).toEqual({})
  })

  test('parses filters, trims search, coerces limit and rejects bad values', () => {
    const parsed = talentListQuerySchema.parse({
      areaOfInterest: 'Design',
      status: 'Hired',
      search: '  ann ',
      sort: 'name_asc',
      limit: '50',
    })
    expect(parsed).toEqual({
      areaOfInterest: 'Design',
      status: 'Hired',
      search: 'ann',
      sort: 'name_asc',
      limit: 50,
    })
    for (const bad of [
      { limit: '0' },
      { limit: '201' },
      { limit: 'x' },
      { sort: 'random' },
      { areaOfInterest: 'Magic' },
      { search: 'x'.repeat(101) },
      { page: '2' },
    ]) {
      expect(talentListQuerySchema.safeParse(bad).success).toBe(false)
    }
  })
})

describe('countActiveFilters (spec section 9)', () => {
  test('counts area, level, tag, addedBy and search; not status or sort', () => {
    expect(countActiveFilters({})).toBe(0)
    expect(countActiveFilters({ status: 'Hired', sort: 'oldest' })).toBe(0)
    expect(
      countActiveFilters({
        areaOfInterest: 'Design',
        seniorityLevel: 'mid',
        tag: 'Go',
        addedBy: 'a@b.co',
        search: 'ann',
      }),
    ).toBe(5)
    expect(countActiveFilters({ areaOfInterest: 'all', search: '  ', tag: '' })).toBe(0)
  })

  test('counts q as the search box', () => {
    expect(countActiveFilters({ q: 'python level:senior' })).toBe(1)
    expect(countActiveFilters({ q: '   ' })).toBe(0)
  })
})

describe('q, the search language', () => {
  test('takes the query language as typed, within 500 characters and 32 terms', () => {
    expect(talentListQuerySchema.parse({ q: 'python -"no relocation"' })).toEqual({
      q: 'python -"no relocation"',
    })
    const long = talentListQuerySchema.safeParse({ q: 'a'.repeat(501) })
    expect(long.error?.issues[0]?.message).toBe('Search must be at most 500 characters')
    const many = talentListQuerySchema.safeParse({ q: 'a '.repeat(33) })
    expect(many.error?.issues[0]?.message).toBe('Search can have at most 32 terms')
  })
})
