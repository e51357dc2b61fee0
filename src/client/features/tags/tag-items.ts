import { tagFlags, type Tag } from '#shared/tag.ts'
import { SYSTEM_TAGS } from '#shared/talent.ts'

/**
 * One card of the Tags page. A system label no talent has carried yet has no row in the tags
 * table, so no id: it is shown (spec section 4 names them) but nothing can act on it.
 */
export type TagItem = Omit<Tag, 'id'> & {
  id: number | null
  /**
   * A system label that is also a status (Hired, …) counts the talents
   * with that status, as the dashboard's status filter and the Reports do, not only those tagged.
   */
  statusCount?: number
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })

/** Every tag from the server plus each system label it lacks, sorted by name. */
export function withSystemLabels(tags: readonly Tag[]): TagItem[] {
  const known = new Set(tags.map((tag) => tag.name.toLowerCase()))
  const missing: TagItem[] = SYSTEM_TAGS.filter((name) => !known.has(name.toLowerCase())).map(
    (name) => ({ id: null, name, count: 0, ...tagFlags(name) }),
  )
  return [...tags, ...missing].sort(byName)
}

/** Puts each status's count on the system label of that name (statuses from GET /api/reports/overview). */
export function withStatusCounts(
  items: readonly TagItem[],
  byStatus: readonly { status: string; count: number }[] | undefined,
): TagItem[] {
  if (byStatus === undefined) return [...items]
  const counts = new Map(byStatus.map((row) => [row.status.toLowerCase(), row.count]))
  return items.map((item) => {
    const statusCount = item.isSystem ? counts.get(item.name.toLowerCase()) : undefined
    return statusCount === undefined ? item : { ...item, statusCount }
  })
}

/** The dashboard filtered by one status (the URL format of use-talent-filters.ts). */
export function dashboardHrefForStatus(name: string): string {
  return `/dashboard?${new URLSearchParams({ status: name }).toString()}`
}

/** The items whose name contains `search`, ignoring case and outer spaces. */
export function filterTagItems(items: readonly TagItem[], search: string): TagItem[] {
  const needle = search.trim().toLowerCase()
  if (needle === '') return [...items]
  return items.filter((item) => item.name.toLowerCase().includes(needle))
}

/** '1 talent', '3 talents', 'No talents'. */
export function talentCountText(count: number): string {
  if (count === 0) return 'No talents'
  return count === 1 ? '1 talent' : `${count.toLocaleString('en-US')} talents`
}

/** The dashboard filtered by one tag (the URL format of use-talent-filters.ts). */
export function dashboardHrefForTag(name: string): string {
  return `/dashboard?${new URLSearchParams({ tag: name }).toString()}`
}
