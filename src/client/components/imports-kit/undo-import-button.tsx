import type { UseMutationResult } from '@tanstack/react-query'
import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import { parseApiError } from '../../lib/api.ts'
import { mutateThen } from '../../lib/mutate-then.ts'
import { Button } from '../ui/button.tsx'
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.tsx'
import { toast } from '../ui/use-toast.ts'

type UndoImportButtonProps<R> = {
  undo: UseMutationResult<R, Error, void>
  /** What the undo removes and what it keeps, asked before it starts. */
  description: string
  /** An undo is under way already: one at a time. */
  disabled?: boolean
  onUndone?: (result: R) => void
}

/** 'Undo import': the whole import goes, after a confirmation; a refusal shows as a toast. */
export function UndoImportButton<R>({
  undo,
  description,
  disabled = false,
  onUndone,
}: UndoImportButtonProps<R>) {
  const [isConfirming, setIsConfirming] = useState(false)

  function handleConfirm() {
    mutateThen(undo, undefined, {
      onSuccess: (result) => {
        setIsConfirming(false)
        onUndone?.(result)
      },
      onError: (error) => {
        setIsConfirming(false)
        const message = parseApiError(error)?.message ?? 'Failed to undo the import.'
        toast({ variant: 'destructive', title: 'Error', description: message })
      },
    })
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        onClick={() => setIsConfirming(true)}
      >
        <Undo2 aria-hidden="true" />
        Undo import
      </Button>
      <ConfirmDeleteDialog
        open={isConfirming}
        title="Undo this import?"
        description={description}
        isPending={undo.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
        confirmLabel="Undo import"
        pendingLabel="Undoing..."
      />
    </>
  )
}
