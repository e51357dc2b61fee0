import type { AdminUser } from '#shared/user.ts'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useDeleteUser } from './api.ts'

type DeleteUserDialogProps = {
  open: boolean
  /** Kept after closing, so the text does not change while the dialog animates out. */
  user: AdminUser | null
  onClose: () => void
}

/**
 * Confirms deleting a user (spec section 2): an AlertDialog, so clicking outside does not
 * dismiss it; 'Deleting...' while pending; the list refreshes afterwards.
 */
export function DeleteUserDialog({ open, user, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser()

  function confirm() {
    if (user === null || deleteUser.isPending) return
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        toast({ title: 'User Deleted', description: 'The user has been deleted successfully.' })
        onClose()
      },
      onError: (error) => {
        // e.g. an admin deleting themself or the last active admin: the server says why.
        toast({
          variant: 'destructive',
          title: 'Failed to delete user',
          description: parseApiError(error)?.message,
        })
        onClose()
      },
    })
  }

  return (
    <ConfirmDeleteDialog
      open={open && user !== null}
      title="Delete User"
      description={`Are you sure you want to delete user ${user?.email ?? ''}? This action cannot be undone.`}
      isPending={deleteUser.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  )
}
