import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageHeader } from '../layout/page-header.tsx'
import { LoadError } from '../ui/load-error.tsx'
import { Skeleton } from '../ui/skeleton.tsx'

type ImportsOverviewProps<T extends { id: number }> = {
  title: string
  description: string
  /** The dropzone that starts a new import. */
  upload: ReactNode
  listHeading: string
  /** The list section's heading id: unique on the page. */
  listHeadingId: string
  query: UseQueryResult<readonly T[]>
  /** Where one import's page is. */
  pathFor: (item: T) => string
  /** An import's first line (what, when, by whom) and its second (where it stands). */
  summary: (item: T) => ReactNode
  status: (item: T) => ReactNode
}

/** The page of one kind of import: its dropzone, then the imports so far, each a link. */
export function ImportsOverview<T extends { id: number }>({
  title,
  description,
  upload,
  listHeading,
  listHeadingId,
  ...list
}: ImportsOverviewProps<T>) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={title} description={description} />
      {upload}
      <section aria-labelledby={listHeadingId} className="grid gap-3">
        <h2 id={listHeadingId} className="text-lg font-semibold">
          {listHeading}
        </h2>
        <RecentImports {...list} />
      </section>
    </div>
  )
}

type RecentImportsProps<T extends { id: number }> = Pick<
  ImportsOverviewProps<T>,
  'query' | 'pathFor' | 'summary' | 'status'
>

function RecentImports<T extends { id: number }>({
  query,
  pathFor,
  summary,
  status,
}: RecentImportsProps<T>) {
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
            to={pathFor(item)}
            className="grid gap-1 rounded-lg border p-4 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <span className="font-medium">{summary(item)}</span>
            <span className="text-sm text-muted-foreground">{status(item)}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
