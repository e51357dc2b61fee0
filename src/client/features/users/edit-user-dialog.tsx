import type { AdminUser } from '#shared/user.ts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx'
import { useAuth } from '../../lib/current-user.ts'
import { AccountResets } from './account-resets.tsx'
import { EditUserForm } from './edit-user-form.tsx'

type EditUserDialogProps = {
  open: boolean
  /** Kept after closing, so the content does not change while the dialog animates out. */
  user: AdminUser | null
  onClose: () => void
}

/** The 'Edit User' dialog of spec section 2. */
export function EditUserDialog({ open, user, onClose }: EditUserDialogProps) {
  const viewer = useAuth().user
  return (
    <Dialog open={open && user !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>
            {user === null ? 'Update the user.' : `Update ${user.email}'s details and access.`}
          </DialogDescription>
        </DialogHeader>
        {user === null ? null : (
          <EditUserForm key={user.id} user={user} onCancel={onClose} onSaved={onClose} />
        )}
        {user === null || user.id === viewer?.id ? null : (
          <AccountResets key={`resets-${user.id}`} user={user} />
        )}
      </DialogContent>
    </Dialog>
  )
}
