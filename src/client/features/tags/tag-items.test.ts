import { describe, expect, test } from 'vitest'
import type { Tag } from '#shared/tag.ts'
import { SYSTEM_TAGS } from '#shared/talent.ts'
import { filterTagItems, talentCountText, withStatusCounts, withSystemLabels } from './tag-items.ts'

const tag = (id: number, name: string, count = 0): Tag => ({
  id,
  name,
  count,
  isDefault: false,
  isSystem: false,
})

describe('the Tags page grid', () => {
  test('adds every system label the server lacks, without ids, sorted with the rest', () => {
    const items = withSystemLabels([tag(1, 'zeta'), tag(2, 'Interviewed', 4), tag(3, 'alpha')])
    expect(items.map((item) => item.name)).toEqual(
      [...new Set(['alpha', 'zeta', 'Interviewed', ...SYSTEM_TAGS])].sort((a, b) =>
        a.localeCompare(b, undefined, { sensitivity: 'base' }),
      ),
    )
    expect(items.find((item) => item.name === 'Interviewed')).toMatchObject({ id: 2, count: 4 })
    expect(items.find((item) => item.name === 'Hired')).toEqual({
      id: null,
      name: 'Hired',
      count: 0,
      isDefault: false,
      isSystem: true,
    })
  })

  test('a system label the server holds in another case is not added twice', () => {
    const items = withSystemLabels([tag(9, 'needs updating', 2)])
    expect(items.filter((item) => item.name.toLowerCase() === 'needs updating')).toHaveLength(1)
  })

  test('search keeps names containing the text, ignoring case and spaces', () => {
    const items = withSystemLabels([tag(1, 'Remote First'), tag(2, 'Frontend')])
    expect(filterTagItems(items, ' FIRST ').map((item) => item.name)).toEqual(['Remote First'])
    expect(filterTagItems(items, '')).toHaveLength(items.length)
    expect(filterTagItems(items, 'nothing like it')).toEqual([])
  })

  test('counts read as words', () => {
    expect(talentCountText(0)).toBe('No talents')
    expect(talentCountText(1)).toBe('1 talent')
    expect(talentCountText(12345)).toBe('12,345 talents')
  })
})

describe('system labels that are statuses', () => {
  test('show the count of talents with the status, as the dashboard filter does', () => {
    const items = withSystemLabels([{ ...tag(1, 'Hired', 2), isSystem: true }, tag(2, 'Remote', 5)])
    const counted = withStatusCounts(items, [
      { status: 'Hired', count: 698 },
      { status: 'Interviewed', count: 12 },
    ])
    const byName = new Map(counted.map((item) => [item.name, item]))
    expect(byName.get('Hired')).toMatchObject({ count: 2, statusCount: 698 })
    // A label with no tag row yet still gets its status count.
    expect(byName.get('Interviewed')).toMatchObject({ count: 0, statusCount: 12 })
    // Custom tags and labels that are no status (Needs Follow-Up) keep their tag count only.
    expect(byName.get('Remote')?.statusCount).toBeUndefined()
    expect(byName.get('Needs Follow-Up')?.statusCount).toBeUndefined()
  })
})
