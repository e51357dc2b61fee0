import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDown, Trash2, X } from 'lucide-react'
import { useState } from 'react'
import type { BulkAction, BulkRequestInput } from '#shared/bulk.ts'
import { TALENT_STATUSES, type TalentStatus } from '#shared/talent.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx'
import { tagListOptions } from '../../../lib/queries/tag-list.ts'
import type { TalentListFilters } from '../api.ts'
import { useTalentScreens } from '../screens.ts'
import { ExportMenu } from '../export/export-menu.tsx'
import { totalText } from '../search/result-count.ts'
import { useBulkAction } from './api.ts'
import { showBulkDone, showBulkFailed } from './show-bulk-toasts.tsx'
import type { TalentSelection } from './use-talent-selection.ts'

type BulkToolbarProps = {
  selection: TalentSelection
  filters: TalentListFilters
  /** The filtered result's size (X-Total-Count). */
  total: number | undefined
  /** The size is the server's estimate of a broad query: "about 41,200". */
  isTotalEstimated: boolean
}

type Target = Pick<BulkRequestInput, 'ids' | 'filter'>

function requestFor(action: BulkAction, names: string[], target: Target): BulkRequestInput {
  switch (action) {
    case 'addTags':
    case 'removeTags':
      return { action, ...target, payload: { tags: names } }
    case 'setStatus':
    case 'clearStatus':
      return { action, ...target, payload: { statuses: names.filter(isStatus) } }
    case 'delete':
      return { action, ...target }
  }
}

const isStatus = (name: string): name is TalentStatus =>
  TALENT_STATUSES.some((status) => status === name)

type MenuProps = { label: string; items: readonly string[]; onPick: (name: string) => void }

function ActionMenu({ label, items, onPick }: MenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          {label}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-72 overflow-y-auto">
        {items.map((name) => (
          <DropdownMenuItem key={name} onSelect={() => onPick(name)}>
            {name}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/**
 * What can be done to the selected talents — tags, statuses, export, delete — shown
 * while any is selected. Each action is one request; its toast offers Undo.
 */
export function BulkToolbar({ selection, filters, total, isTotalEstimated }: BulkToolbarProps) {
  const queryClient = useQueryClient()
  const bulk = useBulkAction()
  const { BulkPrivacyRequestMenu } = useTalentScreens()
  const tags = useQuery(tagListOptions())
  const [isConfirming, setIsConfirming] = useState(false)
  if (selection.count === 0 && !selection.allMatching) return null

  // spec section 4: system labels stay out of tag pickers.
  const tagNames = (tags.data ?? []).filter((t) => !t.isSystem).map((t) => t.name)
  const selected = selection.allMatching ? (total ?? 0) : selection.count
  // All matching a broad query: the server's estimate, so "about" (the action's toast says how
  // many it changed).
  const selectedText = totalText(selected, selection.allMatching && isTotalEstimated)

  function run(action: BulkAction, names: string[]) {
    const target = selection.allMatching ? { filter: filters } : { ids: [...selection.ids] }
    bulk.mutate(requestFor(action, names, target), {
      onSuccess: ({ bulkId, affected }) => {
        showBulkDone(queryClient, { bulkId, action, names, affected })
        if (action === 'delete') selection.clear()
        setIsConfirming(false)
      },
      onError: (error) => {
        showBulkFailed(error)
        setIsConfirming(false)
      },
    })
  }

  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-xl border bg-card px-3 py-2"
    >
      <p className="text-sm font-medium" role="status">
        {selection.allMatching
          ? `All ${selectedText} matching talents selected`
          : `${selectedText} selected`}
      </p>
      {!selection.allMatching && total !== undefined && total > selection.count ? (
        <Button variant="link" size="sm" onClick={selection.selectAllMatching}>
          Select all {totalText(total, isTotalEstimated)} matching
        </Button>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <ActionMenu label="Add tag" items={tagNames} onPick={(n) => run('addTags', [n])} />
        <ActionMenu label="Remove tag" items={tagNames} onPick={(n) => run('removeTags', [n])} />
        <ActionMenu
          label="Set status"
          items={TALENT_STATUSES}
          onPick={(n) => run('setStatus', [n])}
        />
        <ActionMenu
          label="Clear status"
          items={TALENT_STATUSES}
          onPick={(n) => run('clearStatus', [n])}
        />
        {/* All matching: the list's filters; otherwise the picked ids, in the list's sort. */}
        <ExportMenu
          size="sm"
          target={
            selection.allMatching ? { filters } : { ids: [...selection.ids], sort: filters.sort }
          }
        />
        <BulkPrivacyRequestMenu
          target={() => (selection.allMatching ? { filter: filters } : { ids: [...selection.ids] })}
        />
        <Button variant="outline" size="sm" onClick={() => setIsConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        <Button variant="ghost" size="sm" onClick={selection.clear}>
          <X aria-hidden="true" />
          Clear selection
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={isConfirming}
        title={`Delete ${selectedText} ${selected === 1 ? 'talent' : 'talents'}?`}
        description="You can only delete talents you added (admins any). Undo stays available for 24 hours under Recent bulk actions."
        isPending={bulk.isPending}
        onConfirm={() => run('delete', [])}
        onClose={() => setIsConfirming(false)}
      />
    </div>
  )
}
