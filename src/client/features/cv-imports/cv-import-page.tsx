import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import type { CvImportUndoResult } from '#shared/cv-import.ts'
import { KeptTalents } from '../../components/layout/kept-talents.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Progress } from '../../components/ui/progress.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { useAuth } from '../../lib/current-user.ts'
import { cvImportOptions } from './api.ts'
import { countsLine, formatImportDate, importerName } from './format.ts'
import { ImportItems } from './import-items.tsx'
import { UndoImportButton } from './undo-import-button.tsx'

/**
 * /dashboard/cv-imports/:id: where an import stands — progress while files are read,
 * a row per file, inline review, and Undo for its author or an admin within 7 days.
 */
export function CvImportPage() {
  const id = Number(useParams().id)
  const { user, isAdmin } = useAuth()
  const query = useQuery({ ...cvImportOptions(id), enabled: Number.isInteger(id) && id > 0 })
  const [undone, setUndone] = useState<CvImportUndoResult | null>(null)
  const back = (
    <Button asChild variant="ghost" size="sm" className="justify-self-start">
      <Link to="/dashboard/cv-imports">
        <ArrowLeft aria-hidden="true" />
        All imports
      </Link>
    </Button>
  )

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading import" className="grid gap-4">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="grid justify-items-start gap-4">
        {back}
        <LoadError
          title="Could not load this import."
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </div>
    )
  }
  const cvImport = query.data
  const isRunning = cvImport.state === 'running'
  const canUndo =
    cvImport.undoUntil !== null &&
    !isRunning &&
    new Date(cvImport.undoUntil) > new Date() &&
    (isAdmin || cvImport.createdBy?.email === user?.email)
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {back}
      <PageHeader
        title="CV import"
        description={`Started ${formatImportDate(cvImport.createdAt)} by ${importerName(cvImport)} · ${cvImport.total} files`}
        actions={canUndo ? <UndoImportButton importId={id} onUndone={setUndone} /> : null}
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
          <Progress
            value={(cvImport.done / Math.max(cvImport.total, 1)) * 100}
            label="Reading CVs"
            valueText={`${cvImport.done} of ${cvImport.total} files`}
          />
        ) : null}
      </div>
      {undone ? <KeptTalents kept={undone.kept} /> : null}
      <ImportItems importId={id} items={cvImport.items} canReview={cvImport.state !== 'undone'} />
    </div>
  )
}
