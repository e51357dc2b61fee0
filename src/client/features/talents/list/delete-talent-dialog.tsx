import type { Talent } from '#shared/talent.ts'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx'
import { toast } from '../../../components/ui/use-toast.ts'
import { useDeleteTalent } from '../api.ts'

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

  return (
    <ConfirmDeleteDialog
      open={open && talent !== null}
      title="Delete Talent"
      description={`Are you sure you want to delete ${talent?.fullName ?? 'this talent'}? This action cannot be undone.`}
      isPending={deleteTalent.isPending}
      onConfirm={() => {
        if (talent !== null && !deleteTalent.isPending) deleteTalent.mutate(talent.id)
      }}
      onClose={onClose}
    />
  )
}
