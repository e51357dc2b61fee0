import { useId, useState } from 'react'
import { ERASE_REASON_REQUIRED, eraseInputSchema } from '#shared/erasure.ts'
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
import { Label } from '../../components/ui/label.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useEraseTalent } from './record-api.ts'

type EraseTalentDialogProps = {
  open: boolean
  talent: { id: number; fullName: string; updatedAt: string }
  onClose: () => void
  /** The talent is gone: the caller leaves its page. */
  onErased: () => void
}

/**
 * 'Erase' (security rule 50): asks why, then removes the person and every copy of their data.
 * An AlertDialog, so clicking outside does not dismiss it; it cannot close while erasing.
 */
export function EraseTalentDialog({ open, talent, onClose, onErased }: EraseTalentDialogProps) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const erase = useEraseTalent(talent.id)

  function submit() {
    const parsed = eraseInputSchema.safeParse({ reason, updatedAt: talent.updatedAt })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERASE_REASON_REQUIRED)
      return
    }
    erase.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Talent erased',
          description: `${talent.fullName} and every copy of their data were removed. An erasure record was kept.`,
        })
        onErased()
      },
      onError: (failure) => {
        const apiError = parseApiError(failure)
        setError(apiError?.fieldErrors.reason?.[0] ?? apiError?.message ?? 'Could not erase.')
      },
    })
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !erase.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Erase {talent.fullName}?</AlertDialogTitle>
          <AlertDialogDescription>
            This removes the talent and every copy of their personal data: CV versions, History
            values, undo data and import rows. Only a record of the erasure stays. It cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason for the erasure</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            aria-invalid={error !== undefined}
            aria-describedby={error === undefined ? undefined : `${id}-error`}
            onChange={(event) => {
              setReason(event.target.value)
              setError(undefined)
            }}
          />
          {error === undefined ? null : (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={erase.isPending}>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={erase.isPending} onClick={submit}>
            {erase.isPending ? 'Erasing...' : 'Erase'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
