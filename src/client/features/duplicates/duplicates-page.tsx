import { useQuery } from '@tanstack/react-query'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { useAuth } from '../../lib/current-user.ts'
import { duplicateGroupsOptions } from './api.ts'
import { DuplicateGroupCard } from './duplicate-group-card.tsx'
import { ScanStatus } from './scan-status.tsx'

/** /dashboard/duplicates: groups of likely duplicates, strongest first. */
export function DuplicatesPage() {
  const query = useQuery(duplicateGroupsOptions())
  const { isAdmin } = useAuth()
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Duplicates"
        description={
          isAdmin
            ? 'Talents that are likely the same person. Merge them, or mark them as different people.'
            : 'Talents that are likely the same person. An admin can merge them.'
        }
      />
      {query.isPending ? (
        <Skeleton aria-label="Loading duplicates" className="h-32 w-full" />
      ) : query.isError ? (
        <LoadError
          title="Could not load the duplicates."
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.total === 0 ? (
        <>
          <ScanStatus
            scannedAt={query.data.scannedAt}
            isScanning={query.data.scanning}
            now={query.dataUpdatedAt}
          />
          <p className="text-sm text-muted-foreground">
            {query.data.scannedAt !== null
              ? 'No likely duplicates. The pool is clean.'
              : query.data.scanning
                ? 'The first scan of the pool is running. Likely duplicates will show here.'
                : 'The pool has not been scanned for duplicates yet.'}
          </p>
        </>
      ) : (
        <section aria-label="Likely duplicates" className="grid gap-3">
          <ScanStatus
            scannedAt={query.data.scannedAt}
            isScanning={query.data.scanning}
            now={query.dataUpdatedAt}
          />
          <p className="text-sm text-muted-foreground">
            {query.data.total === 1 ? '1 group' : `${query.data.total} groups`}
            {query.data.total > query.data.groups.length
              ? `, the strongest ${query.data.groups.length} shown`
              : ''}
          </p>
          <ul className="grid gap-3">
            {query.data.groups.map((group) => (
              <DuplicateGroupCard
                key={group.talents.map((talent) => talent.id).join('-')}
                group={group}
                canMerge={isAdmin}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
