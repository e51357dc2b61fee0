import { Undo2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { SpreadsheetImportDetail } from '#shared/imports/import-api.ts'
import { KeptTalents } from '../../components/layout/kept-talents.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { Progress } from '../../components/ui/progress.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useInvalidateImportsAndTalents, useUndoImport } from './api.ts'
import { BadRowsLink } from './bad-rows-link.tsx'
import { rateLine, stateLine, undoFailedLine } from './format.ts'

type UndoButtonProps = {
  importId: number
  /** The undo job is queued or running: one at a time. */
  isUndoing: boolean
  onQueued: () => void
}

/** 'Undo import', after a confirmation; the undo then runs as a job. */
function UndoButton({ importId, isUndoing, onQueued }: UndoButtonProps) {
  const undo = useUndoImport(importId, onQueued)
  const [isConfirming, setIsConfirming] = useState(false)
  function handleConfirm() {
    undo.mutate(undefined, {
      onSuccess: () => setIsConfirming(false),
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
        disabled={isUndoing}
        onClick={() => setIsConfirming(true)}
      >
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

/**
 * When an undo this page asked for finishes (seen by polling), says so and refreshes the talents
 * it removed or put back. A toast is a side effect of new data, hence the effect.
 */
function useUndoFinished(item: SpreadsheetImportDetail): () => void {
  const isWatching = useRef(false)
  const invalidate = useInvalidateImportsAndTalents()
  const undo = item.undo
  const isFinished = item.state === 'undone' && undo?.state === 'done'
  useEffect(() => {
    if (!isWatching.current || !isFinished || !undo) return
    isWatching.current = false
    toast({
      title: 'Import undone',
      description: `${undo.removedTalents} added talents removed, ${undo.restoredTalents} updated talents put back.`,
    })
    void invalidate()
  }, [isFinished, undo, invalidate])
  return () => {
    isWatching.current = true
  }
}

/** Step three: the run's progress (rows done of total, rate, time left), then its summary. */
type RunStatusProps = {
  item: SpreadsheetImportDetail
  canUndo: boolean
  /** When `item` was fetched: the rate is rows done by then. */
  fetchedAt: number
}

export function RunStatus({ item, canUndo, fetchedAt }: RunStatusProps) {
  const isActive = item.state === 'queued' || item.state === 'running'
  const undo = item.undo
  const isUndoing = undo?.state === 'queued' || undo?.state === 'running'
  const watchUndo = useUndoFinished(item)
  const rate = rateLine(item, fetchedAt)
  const undoFailed = undoFailedLine(item)
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
      {isUndoing ? (
        <Progress
          value={(undo.done / Math.max(undo.total, 1)) * 100}
          label="Undoing the import"
          valueText={`${undo.done} of ${undo.total} talents`}
        />
      ) : null}
      {rate ? <p className="text-sm text-muted-foreground">{rate}</p> : null}
      {item.state === 'failed' && item.error ? (
        <p className="text-sm text-destructive">{item.error}</p>
      ) : null}
      {undoFailed ? <p className="text-sm text-destructive">{undoFailed}</p> : null}
      {!isActive && item.invalid > 0 ? <BadRowsLink importId={item.id} /> : null}
      {canUndo && (item.state === 'done' || item.state === 'failed') ? (
        <div>
          <UndoButton importId={item.id} isUndoing={isUndoing} onQueued={watchUndo} />
        </div>
      ) : null}
      <KeptTalents kept={item.kept} />
    </div>
  )
}
