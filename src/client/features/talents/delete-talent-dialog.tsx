import type { Talent } from '#shared/talent.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { useDeleteTalent } from './api.ts'

/** Which list asked: the two views word their toasts differently (spec section 8). */
export type DeleteSource = 'table' | 'card'

type DeleteTalentDialogProps = {
  open: boolean
  /** Kept after closing, so the text does not change while the dialog animates out. */
  talent: Talent | null
  source: DeleteSource
  onClose: () => void
}

const MESSAGES = {
  table: {
    success: { title: 'Success', description: 'Talent deleted successfully' },
    failure: { title: 'Error', description: 'Failed to delete talent' },
  },
  card: {
    success: { title: 'Talent deleted', description: 'The talent has been removed from the pool.' },
    failure: { title: 'Error', description: 'Failed to delete talent. Please try again.' },
  },
} as const

/**
 * Confirms a delete (spec section 4): an AlertDialog, so clicking outside does not dismiss it;
 * 'Deleting...' while pending; the list refreshes afterwards. A server refusal (403) is the
 * failure toast.
 */
export function DeleteTalentDialog({ open, talent, source, onClose }: DeleteTalentDialogProps) {
  const deleteTalent = useDeleteTalent({
    onSuccess: () => {
      toast(MESSAGES[source].success)
      onClose()
    },
    onError: () => {
      toast({ ...MESSAGES[source].failure, variant: 'destructive' })
      onClose()
    },
  })

  function handleOpenChange(open: boolean) {
    if (!open && !deleteTalent.isPending) onClose()
  }

  return (
    <AlertDialog open={open && talent !== null} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Talent</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete {talent?.fullName ?? 'this talent'}? This action cannot
            be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteTalent.isPending}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={deleteTalent.isPending || talent === null}
            onClick={() => {
              if (talent !== null) deleteTalent.mutate(talent.id)
            }}
          >
            {deleteTalent.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
