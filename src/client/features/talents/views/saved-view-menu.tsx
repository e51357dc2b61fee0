import { useQuery } from '@tanstack/react-query'
import { Bookmark, BookmarkCheck, ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { SavedView } from '#shared/saved-view.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx'
import { toast } from '../../../components/ui/use-toast.ts'
import type { TalentListFilters } from '../api.ts'
import type { ViewMode } from '../list/use-view-mode.ts'
import {
  columnsOf,
  savedViewOptions,
  stateOfDashboard,
  useCreateSavedView,
  useDeleteSavedView,
  useUpdateSavedView,
  VIEW_PARAM,
} from './api.ts'
import { SaveViewDialog, type SaveViewValues } from './save-view-dialog.tsx'
import { useActiveSavedViewId } from './use-open-saved-view.ts'

type SavedViewMenuProps = { filters: TalentListFilters; viewMode: ViewMode }
type DialogKind = 'create' | 'rename' | undefined

/**
 * On the dashboard, 'Save view' keeps the search, filters, sort and cards or
 * table under a name; with a view open, its menu saves changes over it, renames, shares, copies
 * its link or deletes it (what the server allows: canEdit).
 */
export function SavedViewMenu({ filters, viewMode }: SavedViewMenuProps) {
  const [params, setParams] = useSearchParams()
  const activeId = useActiveSavedViewId()
  const active = useQuery({ ...savedViewOptions(activeId ?? 0), enabled: activeId !== undefined })
  const [dialog, setDialog] = useState<DialogKind>(undefined)
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false)
  const create = useCreateSavedView()
  const update = useUpdateSavedView()
  const remove = useDeleteSavedView()
  const view = activeId === undefined ? undefined : active.data

  function showView(id: number | undefined) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (id === undefined) next.delete(VIEW_PARAM)
        else next.set(VIEW_PARAM, String(id))
        return next
      },
      { replace: true },
    )
  }

  async function handleCreate(values: SaveViewValues) {
    const created = await create.mutateAsync({
      ...values,
      state: stateOfDashboard(filters, viewMode, columnsOf(params)),
    })
    showView(created.id)
    toast({ title: 'View saved', description: `“${created.name}” is in your sidebar.` })
  }

  async function handleRename(target: SavedView, values: SaveViewValues) {
    await update.mutateAsync({ id: target.id, input: values })
    toast({ title: 'View updated', description: `Saved as “${values.name}”.` })
  }

  function handleSaveChanges(target: SavedView) {
    update.mutate(
      { id: target.id, input: { state: stateOfDashboard(filters, viewMode, columnsOf(params)) } },
      {
        onSuccess: () => toast({ title: 'View updated', description: `“${target.name}” saved.` }),
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: 'Failed to save the view.',
          }),
      },
    )
  }

  function handleCopyLink(target: SavedView) {
    const link = `${window.location.origin}/dashboard?${VIEW_PARAM}=${target.id}`
    navigator.clipboard.writeText(link).then(
      () => toast({ title: 'Link copied', description: link }),
      () => toast({ title: 'Link to this view', description: link }),
    )
  }

  function handleDelete(target: SavedView) {
    remove.mutate(target.id, {
      onSuccess: () => {
        setIsConfirmingDelete(false)
        showView(undefined)
        toast({ title: 'View deleted', description: `“${target.name}” was deleted.` })
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to delete the view.',
        }),
    })
  }

  return (
    <>
      {view === undefined ? (
        <Button type="button" variant="outline" onClick={() => setDialog('create')}>
          <Bookmark aria-hidden="true" />
          Save view
        </Button>
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" variant="outline" className="max-w-56">
              <BookmarkCheck aria-hidden="true" />
              <span className="sr-only">Saved view: </span>
              <span className="truncate">{view.name}</span>
              <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {view.canEdit ? (
              <>
                <DropdownMenuItem onSelect={() => handleSaveChanges(view)}>
                  Save changes to this view
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setDialog('rename')}>
                  Rename or share…
                </DropdownMenuItem>
              </>
            ) : null}
            <DropdownMenuItem onSelect={() => setDialog('create')}>
              Save as new view…
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => handleCopyLink(view)}>Copy link</DropdownMenuItem>
            {view.canEdit ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem
                  variant="destructive"
                  onSelect={() => setIsConfirmingDelete(true)}
                >
                  Delete view
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <SaveViewDialog
        open={dialog === 'create'}
        title="Save view"
        description="Keep this search, its filters, sort and layout under a name."
        submitLabel="Save view"
        initial={{ name: '', isShared: false }}
        isPending={create.isPending}
        onSave={handleCreate}
        onClose={() => setDialog(undefined)}
      />
      {view === undefined ? null : (
        <>
          <SaveViewDialog
            open={dialog === 'rename'}
            title="Rename view"
            description="A new name, or share it with everyone (or stop sharing)."
            submitLabel="Save"
            initial={{ name: view.name, isShared: view.isShared }}
            isPending={update.isPending}
            onSave={(values) => handleRename(view, values)}
            onClose={() => setDialog(undefined)}
          />
          <ConfirmDeleteDialog
            open={isConfirmingDelete}
            title="Delete view"
            description={`Delete the saved view “${view.name}”? The talents stay as they are.`}
            isPending={remove.isPending}
            onConfirm={() => handleDelete(view)}
            onClose={() => setIsConfirmingDelete(false)}
          />
        </>
      )}
    </>
  )
}
