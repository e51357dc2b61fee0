import { lazy, Suspense } from 'react'
import { preloadQuickSearch } from './use-quick-search.ts'

// The dashboard stays lean: the dialog is its own chunk, loaded on first use.
const QuickSearchDialog = lazy(() =>
  preloadQuickSearch().then((module) => ({ default: module.QuickSearchDialog })),
)

type QuickSearchProps = {
  open: boolean
  hasOpened: boolean
  onOpenChange: (open: boolean) => void
}

/** The quick search of every signed-in page; nothing is loaded until it is first opened. */
export function QuickSearch({ open, hasOpened, onOpenChange }: QuickSearchProps) {
  if (!hasOpened) return null
  return (
    <Suspense fallback={null}>
      <QuickSearchDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  )
}
