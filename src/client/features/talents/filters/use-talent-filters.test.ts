import { describe, expect, it } from 'vitest'
import { countActiveFilters } from '#shared/talent-list-query.ts'
import {
  filtersToParams,
  fromDraft,
  parseFilters,
  RELEVANCE,
  serverOrder,
  toDraft,
} from './use-talent-filters.ts'

describe('filters in the URL', () => {
  it('reads every applied filter and the sort', () => {
    const params = new URLSearchParams(
      'areaOfInterest=Design&seniorityLevel=senior&tag=High+Potential&status=Hired&addedBy=a%40b.c&search=ada&sort=name_asc',
    )
    expect(parseFilters(params)).toEqual({
      areaOfInterest: 'Design',
      seniorityLevel: 'senior',
      tag: 'High Potential',
      status: 'Hired',
      addedBy: 'a@b.c',
      search: 'ada',
      sort: 'name_asc',
    })
  })

  it('falls back to the defaults on missing or bad values', () => {
    const filters = parseFilters(
      new URLSearchParams('areaOfInterest=Astrology&seniorityLevel=all&sort=loudest&tag='),
    )
    expect(filters).toEqual({
      areaOfInterest: undefined,
      seniorityLevel: undefined,
      tag: undefined,
      status: undefined,
      addedBy: undefined,
      search: undefined,
      q: undefined,
      sort: undefined,
    })
  })

  it('writes only set filters and a non-default sort, keeping other parameters', () => {
    const params = filtersToParams(
      { sort: 'newest', areaOfInterest: 'Health', search: '  ' },
      new URLSearchParams('talent=7&tag=Old'),
    )
    expect(params.toString()).toBe('talent=7&areaOfInterest=Health')
    expect(filtersToParams({ sort: 'oldest' }, new URLSearchParams()).toString()).toBe(
      'sort=oldest',
    )
  })

  it('leaves the order to the server unless a sort is chosen (relevance when there are words)', () => {
    expect(parseFilters(new URLSearchParams('q=python')).sort).toBeUndefined()
    expect(
      filtersToParams({ sort: undefined, q: 'python' }, new URLSearchParams()).toString(),
    ).toBe('q=python')
    // 'newest' is the server's choice without words to rank by, so it is left out there only.
    expect(filtersToParams({ sort: 'newest', q: 'python' }, new URLSearchParams()).toString()).toBe(
      'q=python&sort=newest',
    )
    expect(
      filtersToParams({ sort: 'newest', q: 'level:senior' }, new URLSearchParams()).toString(),
    ).toBe('q=level%3Asenior')
    expect(serverOrder({ sort: undefined, q: 'python -java' })).toBe(RELEVANCE)
    expect(serverOrder({ sort: undefined, q: '-java status:hired' })).toBe('newest')
    expect(serverOrder({ sort: 'name_asc', q: 'python' })).toBe('name_asc')
  })

  it("keeps a search's trailing space (a whole last word) but not a blank one", () => {
    const params = filtersToParams({ sort: undefined, q: ' python ' }, new URLSearchParams())
    expect(params.get('q')).toBe('python ')
    expect(parseFilters(params).q).toBe('python ')
    expect(filtersToParams({ sort: undefined, q: '   ' }, new URLSearchParams()).has('q')).toBe(
      false,
    )
  })

  it('round-trips through the URL', () => {
    const filters = parseFilters(new URLSearchParams('status=Interviewed&sort=area_desc'))
    expect(parseFilters(filtersToParams(filters, new URLSearchParams()))).toEqual(filters)
  })
})

describe('the filter draft', () => {
  it("maps 'all' and blank search to no filter on Apply", () => {
    const draft = toDraft({ sort: 'newest', tag: 'Hired' })
    expect(draft.areaOfInterest).toBe('all')
    expect(draft.tag).toBe('Hired')
    const filters = fromDraft({ ...draft, tag: 'all', q: '  ada', status: 'Bogus' })
    expect(filters.tag).toBeUndefined()
    expect(filters.status).toBeUndefined()
    expect(filters.q).toBe('ada')
  })

  it("shows a link's spec `search` in the Search field, which applies as `q`", () => {
    const draft = toDraft({ sort: undefined, search: 'ann' })
    expect(draft.q).toBe('ann')
    expect(fromDraft(draft)).toMatchObject({ q: 'ann', search: undefined, sort: undefined })
  })

  it('counts area, level, tag, added by and search but not status or sort', () => {
    const draft = toDraft({
      sort: 'name_desc',
      status: 'Hired',
      areaOfInterest: 'Science',
      search: 'x',
    })
    expect(countActiveFilters(fromDraft(draft))).toBe(2)
  })
})
