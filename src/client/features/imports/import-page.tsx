import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ImportDetailFrame } from '../../components/imports-kit/import-detail-frame.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'
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
  return (
    <ImportDetailFrame listPath="/dashboard/imports" query={query}>
      {(item) => {
        // A failed undo may always be asked again: it finishes what it started (undo-job.ts).
        const undoOpen =
          (item.undoUntil !== null && new Date(item.undoUntil) > new Date()) ||
          item.undo?.state === 'failed'
        return (
          <>
            <PageHeader
              title={`Import ${item.fileName}`}
              description={`Uploaded ${formatDateTime(item.createdAt)}${item.total > 0 ? ` · ${item.total.toLocaleString('en-US')} rows` : ''}`}
            />
            {item.state === 'mapping' ? (
              <MappingStep importId={id} />
            ) : (
              <RunStatus item={item} canUndo={undoOpen} fetchedAt={query.dataUpdatedAt} />
            )}
          </>
        )
      }}
    </ImportDetailFrame>
  )
}
