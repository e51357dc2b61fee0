import { useSearchParams } from 'react-router'
import type { CvDetail } from '#shared/cv.ts'
import { queryHits } from '#shared/search/query-hits.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { HighlightedText } from '../../components/highlight/highlighted-text.tsx'

/**
 * The search the detail view was opened from: the dashboard keeps it in the URL beside
 * the talent, as does the quick search; a spec `search` link is read as words too.
 */
function useOpenedFromSearch(): string {
  const [params] = useSearchParams()
  return params.get('q') ?? params.get('search') ?? ''
}

/** The CV's text, selectable, with the search's hits marked; or what is happening to it. */
export function CvText({ cv }: { cv: CvDetail }) {
  const query = useOpenedFromSearch()
  if (cv.textStatus === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner decorative /> Reading the text of this CV…
      </p>
    )
  }
  if (cv.textStatus !== 'ready' || cv.text === null) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {cv.textError ?? 'The text of this file could not be read.'} It can still be downloaded.
      </p>
    )
  }
  const hits = query.trim() === '' ? [] : queryHits(cv.text, query)
  return (
    <section aria-label="CV text" className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium">Text</h3>
        {hits.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            {hits.length === 1 ? '1 match' : `${hits.length} matches`} for “{query.trim()}”
          </p>
        ) : null}
      </div>
      <div
        role="region"
        aria-label="CV text content"
        tabIndex={0}
        className="max-h-[480px] overflow-y-auto rounded-md border bg-background/40 p-4 text-sm whitespace-pre-wrap outline-none select-text focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {hits.length > 0 ? <HighlightedText text={cv.text} ranges={hits} /> : cv.text}
      </div>
    </section>
  )
}
