import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { formatDateTime } from '../../lib/date-time.ts'
import { importOptions } from './api.ts'
import { MappingStep } from './mapping-step.tsx'
import { RunStatus } from './run-status.tsx'

/**
 * /dashboard/imports/:id: map the columns and try the rows while the import is new;
 * once run, its progress and summary, and Undo for 7 days.
 */
export function ImportPage() {
  const id = Number(useParams().id)
  const query = useQuery({ ...importOptions(id), enabled: Number.isInteger(id) && id > 0 })
  const back = (
    <Button asChild variant="ghost" size="sm" className="justify-self-start">
      <Link to="/dashboard/imports">
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
  const item = query.data
  // A failed undo may always be asked again: it finishes what it started (undo-job.ts).
  const undoOpen =
    (item.undoUntil !== null && new Date(item.undoUntil) > new Date()) ||
    item.undo?.state === 'failed'
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {back}
      <PageHeader
        title={`Import ${item.fileName}`}
        description={`Uploaded ${formatDateTime(item.createdAt)}${item.total > 0 ? ` · ${item.total.toLocaleString('en-US')} rows` : ''}`}
      />
      {item.state === 'mapping' ? (
        <MappingStep importId={id} />
      ) : (
        <RunStatus item={item} canUndo={undoOpen} fetchedAt={query.dataUpdatedAt} />
      )}
    </div>
  )
}
