import { ArrowUp } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'

function handleClick() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
}

/**
 * Whether the page is scrolled beyond `marker` (spec section 9: the button appears beyond 300 px,
 * the marker's height): true once the marker has left the viewport. An IntersectionObserver
 * reports after layout. Reading window.scrollY instead, as React reads a store again in its
 * commit, forced the new page's whole layout there: on a slowed phone, a long task of a cold
 * /dashboard.
 */
function useScrolledPast(marker: HTMLElement | null): boolean {
  const [isPast, setIsPast] = useState(false)
  // Subscribes to an external system (the page's scroll position).
  useEffect(() => {
    if (marker === null) return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setIsPast(!entry.isIntersecting)
    })
    observer.observe(marker)
    return () => observer.disconnect()
  }, [marker])
  return isPast
}

export function ScrollToTopButton() {
  const [marker, setMarker] = useState<HTMLDivElement | null>(null)
  const isVisible = useScrolledPast(marker)
  return (
    <>
      {/* The document's first 300 px (spec section 9's threshold). */}
      <div
        ref={setMarker}
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-0 h-[300px] w-px"
      />
      <Button
        type="button"
        size="icon"
        variant="secondary"
        aria-label="Scroll to top"
        onClick={handleClick}
        // Sits above the bottom-right corner, which the dashboard's add button uses.
        className={cn(
          'fixed right-4 bottom-20 z-30 rounded-full border shadow-lg sm:right-6 sm:bottom-24',
          !isVisible && 'hidden',
        )}
      >
        <ArrowUp className="size-5" aria-hidden="true" />
      </Button>
    </>
  )
}
