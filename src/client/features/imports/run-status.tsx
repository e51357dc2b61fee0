import { useEffect, useRef } from 'react'
import type { SpreadsheetImportDetail } from '#shared/imports/import-api.ts'
import { CountProgress } from '../../components/imports-kit/count-progress.tsx'
import { KeptTalents } from '../../components/imports-kit/kept-talents.tsx'
import { UndoImportButton } from '../../components/imports-kit/undo-import-button.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { useInvalidateImportsAndTalents, useUndoImport } from './api.ts'
import { BadRowsLink } from './bad-rows-link.tsx'
import { rateLine, stateLine, undoFailedLine } from './format.ts'

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
  const undoImport = useUndoImport(item.id, watchUndo)
  const rate = rateLine(item, fetchedAt)
  const undoFailed = undoFailedLine(item)
  return (
    <div className="grid gap-4">
      <p aria-live="polite">{stateLine(item)}</p>
      {isActive ? <CountProgress counts={item} label="Importing rows" unit="rows" /> : null}
      {isUndoing ? <CountProgress counts={undo} label="Undoing the import" unit="talents" /> : null}
      {rate ? <p className="text-sm text-muted-foreground">{rate}</p> : null}
      {item.state === 'failed' && item.error ? (
        <p className="text-sm text-destructive">{item.error}</p>
      ) : null}
      {undoFailed ? <p className="text-sm text-destructive">{undoFailed}</p> : null}
      {!isActive && item.invalid > 0 ? <BadRowsLink importId={item.id} /> : null}
      {canUndo && (item.state === 'done' || item.state === 'failed') ? (
        <div>
          <UndoImportButton
            undo={undoImport}
            description="The talents it added are deleted and the fields it changed go back. Talents someone changed since are kept."
            disabled={isUndoing}
          />
        </div>
      ) : null}
      <KeptTalents kept={item.kept} />
    </div>
  )
}
