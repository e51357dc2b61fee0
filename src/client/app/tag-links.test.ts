import { describe, expect, test } from 'vitest'
import { dashboardHrefForStatus, dashboardHrefForTag } from '../features/tags/tag-items.ts'
import { parseFilters } from '../features/talents/filters/use-talent-filters.ts'

// The Tags page links into the dashboard: the two features meet only in the address.
describe("the Tags page's links, as the dashboard reads them", () => {
  test('a tag links to the dashboard filtered by it, in the format the dashboard parses', () => {
    for (const name of ['Remote First', 'R&D / 50% + more', 'Needs Follow-Up']) {
      const href = dashboardHrefForTag(name)
      expect(href.startsWith('/dashboard?')).toBe(true)
      const params = new URLSearchParams(href.slice('/dashboard?'.length))
      expect(parseFilters(params).tag).toBe(name)
    }
  })

  test('a system label that is a status links to the dashboard filtered by that status', () => {
    expect(
      parseFilters(new URL(dashboardHrefForStatus('Hired'), 'http://x').searchParams),
    ).toMatchObject({
      status: 'Hired',
    })
  })
})
