import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx'
import { SettingsPasswordFormFields } from './settings-password-form.tsx'

type ChangePasswordDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** spec section 2 "Settings": the Change Password dialog. A fresh form each time it opens. */
export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password, then choose a new one. Your other sessions will be signed
            out.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <SettingsPasswordFormFields
            onCancel={() => onOpenChange(false)}
            onChanged={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
