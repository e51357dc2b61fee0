import { Combine, Lock, Pencil, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import type { Tag } from '#shared/tag.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import {
  dashboardHrefForStatus,
  dashboardHrefForTag,
  talentCountText,
  type TagItem,
} from './tag-items.ts'

export type TagAction = 'rename' | 'merge' | 'delete'

type TagCardProps = {
  item: TagItem
  /** Whether the viewer may rename, merge and delete tags (admins; the server enforces it). */
  canManage: boolean
  onAction: (action: TagAction, tag: Tag) => void
}

function KindBadge({ item }: { item: TagItem }) {
  if (item.isSystem) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        <Lock aria-hidden="true" />
        System label
      </Badge>
    )
  }
  return item.isDefault ? (
    <Badge variant="secondary">Default</Badge>
  ) : (
    <Badge variant="outline">Custom</Badge>
  )
}

/** One tag: its name opens the dashboard filtered by it; admins get Edit, Merge and Delete. */
export function TagCard({ item, canManage, onAction }: TagCardProps) {
  const { id } = item
  // System labels are shown but locked (spec section 4); the server refuses them too. A tag
  // just added shows with a stand-in id until the list refetches.
  const actionable =
    canManage && !item.isSystem && id !== null && id > 0 ? { ...item, id } : undefined

  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <Link
          to={
            item.statusCount === undefined
              ? dashboardHrefForTag(item.name)
              : dashboardHrefForStatus(item.name)
          }
          className="min-w-0 rounded-sm font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {item.name}
        </Link>
        <KindBadge item={item} />
      </div>
      {item.statusCount === undefined ? (
        <p className="text-sm text-muted-foreground">{talentCountText(item.count)}</p>
      ) : (
        <div className="text-sm text-muted-foreground">
          <p>{talentCountText(item.statusCount)} with this status</p>
          {item.count > 0 ? (
            <p className="text-xs">also a tag on {talentCountText(item.count)}</p>
          ) : null}
        </div>
      )}
      {actionable === undefined ? null : (
        <div className="mt-auto flex items-center gap-1 border-t pt-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Edit ${item.name}`}
            onClick={() => onAction('rename', actionable)}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Merge ${item.name}`}
            onClick={() => onAction('merge', actionable)}
          >
            <Combine aria-hidden="true" />
            Merge
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={`Delete ${item.name}`}
            title="Delete"
            className="ml-auto text-muted-foreground hover:bg-destructive/15 hover:text-destructive"
            onClick={() => onAction('delete', actionable)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </Card>
  )
}
