import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cvImportListOptions } from './api.ts'
import { countsLine, formatImportDate, importerName } from './format.ts'
import { ImportDropzone } from './import-dropzone.tsx'

function RecentImports() {
  const query = useQuery(cvImportListOptions())
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
            to={`/dashboard/cv-imports/${item.id}`}
            className="grid gap-1 rounded-lg border p-4 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <span className="font-medium">
              {item.total} files · {formatImportDate(item.createdAt)} by {importerName(item)}
            </span>
            <span className="text-sm text-muted-foreground">
              {item.state === 'running'
                ? `Reading ${item.done} of ${item.total} files…`
                : item.state === 'undone'
                  ? 'Undone'
                  : countsLine(item.counts)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** /dashboard/cv-imports: take in a stack of CVs, and see the imports so far. */
export function CvImportsPage() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Import CVs"
        description="Build talents from a stack of CVs. The import runs on the server: you can close this page and come back."
      />
      <ImportDropzone />
      <section aria-labelledby="recent-imports" className="grid gap-3">
        <h2 id="recent-imports" className="text-lg font-semibold">
          Recent imports
        </h2>
        <RecentImports />
      </section>
    </div>
  )
}
