import { useState } from 'react'
import type { InviteResponse } from '#shared/user.ts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx'
import { InviteUserForm } from './invite-user-form.tsx'
import { TempPasswordPanel } from './temp-password-panel.tsx'

type InviteUserDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The 'Invite User' dialog of spec section 2. Without SMTP the API answers with the temporary
 * password and a devModeMessage (spec section 7): the dialog then shows them instead of
 * closing, and a stray click outside does not dismiss them.
 */
export function InviteUserDialog({ open, onOpenChange }: InviteUserDialogProps) {
  const [shown, setShown] = useState<InviteResponse | null>(null)

  function handleOpenChange(next: boolean) {
    if (!next) setShown(null)
    onOpenChange(next)
  }

  function handleInvited(response: InviteResponse) {
    if (response.tempPassword === undefined && response.devModeMessage === undefined) {
      handleOpenChange(false)
    } else {
      setShown(response)
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        className="sm:max-w-lg"
        onInteractOutside={(event) => {
          if (shown !== null) event.preventDefault()
        }}
      >
        <DialogHeader>
          <DialogTitle>Invite User</DialogTitle>
          <DialogDescription>
            {shown === null
              ? 'Send an invitation with a temporary password. The user must change it at first sign-in.'
              : 'The user was created, but no invitation e-mail was sent.'}
          </DialogDescription>
        </DialogHeader>
        {/* The form lives inside the content, so closing the dialog forgets what was typed. */}
        {shown === null ? (
          <InviteUserForm onCancel={() => handleOpenChange(false)} onInvited={handleInvited} />
        ) : (
          <TempPasswordPanel
            email={shown.user.email}
            tempPassword={shown.tempPassword}
            devModeMessage={shown.devModeMessage}
            onDone={() => handleOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
