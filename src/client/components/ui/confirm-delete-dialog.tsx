import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog.tsx'
import { Button } from './button.tsx'

type ConfirmDeleteDialogProps = {
  open: boolean
  title: string
  description: ReactNode
  isPending: boolean
  onConfirm: () => void
  onClose: () => void
  /** The destructive button's words, and its words while the action runs. */
  confirmLabel?: string
  pendingLabel?: string
}

/**
 * The destructive confirm every delete uses (spec section 4): an AlertDialog, so clicking outside
 * does not dismiss it; it cannot be closed while the delete runs; 'Deleting...' while pending.
 * The caller owns the mutation and its toasts, which the spec words per screen.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  isPending,
  onConfirm,
  onClose,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
}: ConfirmDeleteDialogProps) {
  function handleOpenChange(next: boolean) {
    if (!next && !isPending) onClose()
  }

  return (
    <AlertDialog open={open} onOpenChange={handleOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={isPending} onClick={onConfirm}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
