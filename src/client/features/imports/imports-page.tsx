import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { formatDateTime } from '../../lib/date-time.ts'
import { importListOptions } from './api.ts'
import { stateLine } from './format.ts'
import { UploadDropzone } from './upload-dropzone.tsx'

function RecentImports() {
  const query = useQuery(importListOptions())
  if (query.isPending) return <Skeleton aria-label="Loading imports" className="h-24 w-full" />
  if (query.isError) {
    return (
      <LoadError
        title="Could not load the imports."
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    )
  }
  if (query.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No imports yet.</p>
  }
  return (
    <ul className="grid gap-2">
      {query.data.map((item) => (
        <li key={item.id}>
          <Link
            to={`/dashboard/imports/${item.id}`}
            className="grid gap-1 rounded-lg border p-4 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <span className="font-medium">
              {item.fileName} · {formatDateTime(item.createdAt)}
              {item.createdBy ? ` by ${item.createdBy.name}` : ''}
            </span>
            <span className="text-sm text-muted-foreground">{stateLine(item)}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** /dashboard/imports: bring talents in from a spreadsheet, and see the imports so far. */
export function ImportsPage() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Import talents"
        description="Bring your pool in from a spreadsheet. The import runs on the server: you can close this page and come back."
      />
      <UploadDropzone />
      <section aria-labelledby="recent-spreadsheet-imports" className="grid gap-3">
        <h2 id="recent-spreadsheet-imports" className="text-lg font-semibold">
          Imports
        </h2>
        <RecentImports />
      </section>
    </div>
  )
}
