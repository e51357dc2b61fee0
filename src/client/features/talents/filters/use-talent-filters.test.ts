import { describe, expect, it } from 'vitest'
import { countActiveFilters } from '#shared/talent-list-query.ts'
import { filtersToParams, fromDraft, parseFilters, toDraft } from './use-talent-filters.ts'

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
      sort: 'newest',
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
    const filters = fromDraft({ ...draft, tag: 'all', search: '  ada  ', status: 'Bogus' })
    expect(filters.tag).toBeUndefined()
    expect(filters.status).toBeUndefined()
    expect(filters.search).toBe('ada')
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
