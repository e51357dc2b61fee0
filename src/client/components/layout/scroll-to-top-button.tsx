import { ArrowUp } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'

// spec section 9: the button appears once the page is scrolled beyond 300 px.
const SCROLL_THRESHOLD = 300

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}

const isPastThreshold = () => window.scrollY > SCROLL_THRESHOLD

function handleClick() {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
}

export function ScrollToTopButton() {
  const isVisible = useSyncExternalStore(subscribe, isPastThreshold, () => false)
  return (
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
  )
}
