import type { AdminUser } from '#shared/user.ts'
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

  function handleOpenChange(next: boolean) {
    if (!next && !deleteUser.isPending) onClose()
  }

  return (
    <AlertDialog open={open && user !== null} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete User</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete user {user?.email}? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteUser.isPending}>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={deleteUser.isPending || user === null}
            onClick={confirm}
          >
            {deleteUser.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
