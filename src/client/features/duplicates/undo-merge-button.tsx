import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { mutateThen } from '../../lib/mutate-then.ts'
import { useAuth } from '../../lib/current-user.ts'
import { useUndoMerge } from './api.ts'

/** 'Undo merge' on a 'Merged' History entry: admins, for 30 days. */
export function UndoMergeButton({ mergeId }: { mergeId: number }) {
  const { isAdmin } = useAuth()
  const undo = useUndoMerge()
  const [isConfirming, setIsConfirming] = useState(false)
  if (!isAdmin) return null

  function handleConfirm() {
    mutateThen(undo, mergeId, {
      onSuccess: ({ restored, kept }) => {
        setIsConfirming(false)
        const names = restored.map((talent) => talent.fullName).join(', ')
        toast({
          title: 'Merge undone',
          description:
            kept.length === 0
              ? `${names} came back.`
              : `${names} came back. Changed since the merge, so kept: ${kept.map((k) => k.field).join(', ')}.`,
        })
      },
      onError: (error) => {
        setIsConfirming(false)
        toast({
          variant: 'destructive',
          title: 'Could not undo the merge',
          description: parseApiError(error)?.message ?? 'Please try again.',
        })
      },
    })
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => setIsConfirming(true)}
      >
        <Undo2 aria-hidden="true" />
        Undo merge
      </Button>
      <ConfirmDeleteDialog
        open={isConfirming}
        title="Undo this merge?"
        description="The merged talents come back as they were. Anything changed on this talent since the merge stays."
        isPending={undo.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
        confirmLabel="Undo merge"
        pendingLabel="Undoing..."
      />
    </>
  )
}
