import { useQuery } from '@tanstack/react-query'
import { Plus, Search } from 'lucide-react'
import { useState } from 'react'
import type { Tag } from '#shared/tag.ts'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { useAuth } from '../../lib/current-user.ts'
import { CreateTagDialog } from '../../components/tags/create-tag-dialog.tsx'
import { tagListOptions } from '../../lib/queries/tag-list.ts'
import { LoadError } from '../../components/ui/load-error.tsx'
import { DeleteTagDialog } from './delete-tag-dialog.tsx'
import { MergeTagDialog } from './merge-tag-dialog.tsx'
import { RenameTagDialog } from './rename-tag-dialog.tsx'
import type { TagAction } from './tag-card.tsx'
import { TagGrid } from './tag-grid.tsx'
import { filterTagItems, withStatusCounts, withSystemLabels } from './tag-items.ts'
import { overviewReportOptions } from '../../lib/queries/overview-report.ts'

type ActionState = { action: TagAction | null; tag: Tag | null }

/**
 * /dashboard/tags (more than spec section 2's static grid): every tag with how many
 * talents carry it; a tag opens the dashboard filtered by it. Anyone may add a tag; admins
 * rename, merge and delete (the server enforces it); system labels are shown but locked.
 */
export function TagsPage() {
  const { isAdmin } = useAuth()
  const tags = useQuery(tagListOptions())
  const [search, setSearch] = useState('')
  const [isAdding, setIsAdding] = useState(false)
  // The tag is kept after closing, so a dialog's text does not change while it animates out.
  const [state, setState] = useState<ActionState>({ action: null, tag: null })
  const close = () => setState((current) => ({ ...current, action: null }))

  const overview = useQuery(overviewReportOptions())
  const items = withStatusCounts(withSystemLabels(tags.data ?? []), overview.data?.byStatus)
  const shown = filterTagItems(items, search)
  const names = items.map((item) => item.name)

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Tags"
        description="Labels for grouping talents. Open a tag to see the talents that carry it."
        actions={
          <Button type="button" onClick={() => setIsAdding(true)}>
            <Plus aria-hidden="true" />
            Add New Tag
          </Button>
        }
      />
      <div className="relative max-w-sm">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search tags"
          placeholder="Search tags"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      {tags.isError ? (
        <LoadError
          title="Could not load tags."
          onRetry={() => void tags.refetch()}
          isRetrying={tags.isFetching}
        />
      ) : (
        <TagGrid
          items={shown}
          isLoading={tags.isPending}
          search={search}
          canManage={isAdmin}
          onAction={(action, tag) => setState({ action, tag })}
        />
      )}
      <CreateTagDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        existingNames={names}
        description="Add a theme tag that anyone can put on a talent."
        onCreated={(name) => toast({ title: 'Tag created', description: `"${name}" was added.` })}
      />
      <RenameTagDialog
        open={state.action === 'rename'}
        tag={state.tag}
        existingNames={names}
        onClose={close}
      />
      <MergeTagDialog
        open={state.action === 'merge'}
        tag={state.tag}
        targets={tags.data ?? []}
        onClose={close}
      />
      <DeleteTagDialog open={state.action === 'delete'} tag={state.tag} onClose={close} />
    </div>
  )
}
