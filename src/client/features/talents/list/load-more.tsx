import { useEffect, useRef } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'

type LoadMoreProps = {
  loaded: number
  total: number | undefined
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** Off after a failed page, so a visible sentinel does not retry in a loop; the button still works. */
  autoLoad: boolean
  onLoadMore: () => void
}

const numberFormat = new Intl.NumberFormat('en-US')

/**
 * Infinite scroll (never download the whole pool): the next page loads when this comes
 * near the viewport; the button does the same for keyboards and when observing is unavailable.
 */
export function LoadMore({
  loaded,
  total,
  hasNextPage,
  isFetchingNextPage,
  autoLoad,
  onLoadMore,
}: LoadMoreProps) {
  const sentinelRef = useRef<HTMLDivElement>(null)
  const canLoad = autoLoad && hasNextPage && !isFetchingNextPage

  // Subscribes to an external system (the viewport), which is what effects are for.
  useEffect(() => {
    const sentinel = sentinelRef.current
    if (!canLoad || sentinel === null || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [canLoad, onLoadMore])

  if (loaded === 0) return null

  return (
    <div
      ref={sentinelRef}
      className="flex flex-col items-center gap-2 py-4 text-sm text-muted-foreground"
    >
      <p aria-live="polite">
        Showing {numberFormat.format(loaded)}
        {total === undefined ? '' : ` of ${numberFormat.format(total)}`} talents
      </p>
      {hasNextPage ? (
        <Button type="button" variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? <Spinner decorative /> : null}
          {isFetchingNextPage ? 'Loading more...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  )
}
