import type { Tag } from '#shared/tag.ts'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { TagCard, type TagAction } from './tag-card.tsx'
import type { TagItem } from './tag-items.ts'

type TagGridProps = {
  items: TagItem[]
  isLoading: boolean
  /** The search text, for the no-match message. */
  search: string
  canManage: boolean
  onAction: (action: TagAction, tag: Tag) => void
}

const GRID = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4'

/** The responsive grid of tag cards, with loading and no-match states. */
export function TagGrid({ items, isLoading, search, canManage, onAction }: TagGridProps) {
  if (isLoading) {
    return (
      <div className={GRID} aria-busy="true" aria-label="Loading tags">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full rounded-xl" />
        ))}
      </div>
    )
  }
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
        {search.trim() === ''
          ? 'No tags yet. Add one to start grouping talents.'
          : `No tags match "${search.trim()}".`}
      </p>
    )
  }
  return (
    <ul className={GRID} aria-label="Tags">
      {items.map((item) => (
        <li key={item.id ?? `system:${item.name}`}>
          <TagCard item={item} canManage={canManage} onAction={onAction} />
        </li>
      ))}
    </ul>
  )
}
