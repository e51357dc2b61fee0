import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import type { CvImportUndoResult } from '#shared/cv-import.ts'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { mutateThen } from '../../lib/mutate-then.ts'
import { useUndoImport } from './api.ts'

function undoneDescription({ removedTalents, removedCvs, kept }: CvImportUndoResult): string {
  const parts = [`${removedTalents} talent${removedTalents === 1 ? '' : 's'} removed`]
  if (removedCvs > 0) parts.push(`${removedCvs} CV${removedCvs === 1 ? '' : 's'} taken off`)
  if (kept.length > 0) parts.push(`${kept.length} kept because they were changed since`)
  return `${parts.join(', ')}.`
}

type UndoImportButtonProps = {
  importId: number
  onUndone: (result: CvImportUndoResult) => void
}

/** 'Undo import': the whole import goes, after a confirmation. */
export function UndoImportButton({ importId, onUndone }: UndoImportButtonProps) {
  const undo = useUndoImport(importId)
  const [isConfirming, setIsConfirming] = useState(false)

  function handleConfirm() {
    mutateThen(undo, undefined, {
      onSuccess: (result) => {
        setIsConfirming(false)
        toast({ title: 'Import undone', description: undoneDescription(result) })
        onUndone(result)
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
      <Button type="button" variant="outline" onClick={() => setIsConfirming(true)}>
        <Undo2 aria-hidden="true" />
        Undo import
      </Button>
      <ConfirmDeleteDialog
        open={isConfirming}
        title="Undo this import?"
        description="The talents it created are deleted and the CVs it attached are removed. Talents someone changed since are kept."
        isPending={undo.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
        confirmLabel="Undo import"
        pendingLabel="Undoing..."
      />
    </>
  )
}
