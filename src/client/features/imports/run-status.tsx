import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import type { SpreadsheetImport } from '#shared/imports/import-api.ts'
import { KeptTalents } from '../../components/layout/kept-talents.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { Progress } from '../../components/ui/progress.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useUndoImport } from './api.ts'
import { BadRowsLink } from './bad-rows-link.tsx'
import { rateLine, stateLine } from './format.ts'

type Kept = { talentId: number; fullName: string }[]

/** 'Undo import' (issue 18 item 5), after a confirmation; lists talents kept as edited since. */
function UndoButton({ importId, onUndone }: { importId: number; onUndone: (kept: Kept) => void }) {
  const undo = useUndoImport(importId)
  const [isConfirming, setIsConfirming] = useState(false)
  function handleConfirm() {
    undo.mutate(undefined, {
      onSuccess: (result) => {
        setIsConfirming(false)
        toast({
          title: 'Import undone',
          description: `${result.removedTalents} added talents removed, ${result.restoredTalents} updated talents put back.`,
        })
        onUndone(result.kept)
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
        description="The talents it added are deleted and the fields it changed go back. Talents someone changed since are kept."
        isPending={undo.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
        confirmLabel="Undo import"
        pendingLabel="Undoing..."
      />
    </>
  )
}

/** Step three: the run's progress (rows done of total, rate, time left), then its summary. */
type RunStatusProps = {
  item: SpreadsheetImport
  canUndo: boolean
  /** When `item` was fetched: the rate is rows done by then. */
  fetchedAt: number
}

export function RunStatus({ item, canUndo, fetchedAt }: RunStatusProps) {
  const [kept, setKept] = useState<Kept>([])
  const isActive = item.state === 'queued' || item.state === 'running'
  const rate = rateLine(item, fetchedAt)
  return (
    <div className="grid gap-4">
      <p aria-live="polite">{stateLine(item)}</p>
      {isActive ? (
        <Progress
          value={(item.done / Math.max(item.total, 1)) * 100}
          label="Importing rows"
          valueText={`${item.done} of ${item.total} rows`}
        />
      ) : null}
      {rate ? <p className="text-sm text-muted-foreground">{rate}</p> : null}
      {!isActive && item.invalid > 0 ? <BadRowsLink importId={item.id} /> : null}
      {canUndo && (item.state === 'done' || item.state === 'failed') ? (
        <div>
          <UndoButton importId={item.id} onUndone={setKept} />
        </div>
      ) : null}
      <KeptTalents kept={kept} />
    </div>
  )
}
