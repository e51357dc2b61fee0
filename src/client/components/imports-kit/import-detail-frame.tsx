import type { UseQueryResult } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../ui/button.tsx'
import { LoadError } from '../ui/load-error.tsx'
import { Skeleton } from '../ui/skeleton.tsx'

type ImportDetailFrameProps<T> = {
  /** The list of imports of this kind, where 'All imports' leads. */
  listPath: string
  query: UseQueryResult<T>
  /** The import's page once it is loaded: its header and body. */
  children: (data: T) => ReactNode
}

/**
 * The frame of one import's page (a CV or a spreadsheet import): the way back to the list, a
 * skeleton while it loads, a retry when it does not, then the page itself.
 */
export function ImportDetailFrame<T>({ listPath, query, children }: ImportDetailFrameProps<T>) {
  const back = (
    <Button asChild variant="ghost" size="sm" className="justify-self-start">
      <Link to={listPath}>
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
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {back}
      {children(query.data)}
    </div>
  )
}
