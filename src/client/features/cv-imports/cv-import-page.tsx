import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import type { CvImportUndoResult } from '#shared/cv-import.ts'
import { CountProgress } from '../../components/imports-kit/count-progress.tsx'
import { ImportDetailFrame } from '../../components/imports-kit/import-detail-frame.tsx'
import { KeptTalents } from '../../components/imports-kit/kept-talents.tsx'
import { UndoImportButton } from '../../components/imports-kit/undo-import-button.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { useAuth } from '../../lib/current-user.ts'
import { cvImportOptions, useUndoImport } from './api.ts'
import { countsLine, formatImportDate, importerName, undoneLine } from './format.ts'
import { ImportItems } from './import-items.tsx'

/**
 * /dashboard/cv-imports/:id: where an import stands — progress while files are read,
 * a row per file, inline review, and Undo for its author or an admin within 7 days.
 */
export function CvImportPage() {
  const id = Number(useParams().id)
  const { user, isAdmin } = useAuth()
  const query = useQuery({ ...cvImportOptions(id), enabled: Number.isInteger(id) && id > 0 })
  const undo = useUndoImport(id)
  const [undone, setUndone] = useState<CvImportUndoResult | null>(null)

  function handleUndone(result: CvImportUndoResult) {
    toast({ title: 'Import undone', description: undoneLine(result) })
    setUndone(result)
  }

  return (
    <ImportDetailFrame listPath="/dashboard/cv-imports" query={query}>
      {(cvImport) => {
        const isRunning = cvImport.state === 'running'
        const canUndo =
          cvImport.undoUntil !== null &&
          !isRunning &&
          new Date(cvImport.undoUntil) > new Date() &&
          (isAdmin || cvImport.createdBy?.email === user?.email)
        return (
          <>
            <PageHeader
              title="CV import"
              description={`Started ${formatImportDate(cvImport.createdAt)} by ${importerName(cvImport)} · ${cvImport.total} files`}
              actions={
                canUndo ? (
                  <UndoImportButton
                    undo={undo}
                    description="The talents it created are deleted and the CVs it attached are removed. Talents someone changed since are kept."
                    onUndone={handleUndone}
                  />
                ) : null
              }
            />
            <div className="grid gap-2">
              <p className="text-sm" aria-live="polite">
                {cvImport.state === 'undone'
                  ? 'This import was undone.'
                  : isRunning
                    ? `Reading ${cvImport.done} of ${cvImport.total} files…`
                    : `All ${cvImport.total} files read: ${countsLine(cvImport.counts)}.`}
              </p>
              {isRunning ? (
                <CountProgress counts={cvImport} label="Reading CVs" unit="files" />
              ) : null}
            </div>
            {undone ? <KeptTalents kept={undone.kept} /> : null}
            <ImportItems
              importId={id}
              items={cvImport.items}
              canReview={cvImport.state !== 'undone'}
            />
          </>
        )
      }}
    </ImportDetailFrame>
  )
}
