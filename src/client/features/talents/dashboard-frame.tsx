import { Search, Sparkles } from 'lucide-react'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { PageSpinner } from '../../components/layout/page-spinner.tsx'
import { TOP_BAR_CLASS } from '../../components/layout/top-bar-class.ts'
import { Input } from '../../components/ui/input.tsx'
import { SEARCH_PLACEHOLDER } from './search/search-placeholder.ts'

/** Marks the frame in the HTML, so main.tsx knows what it is taking over. */
export const DASHBOARD_FRAME_ATTRIBUTE = 'data-dashboard-frame'

/**
 * A cold /dashboard on a phone: what the dashboard shows while the session is checked
 * and its code loads — the top bar, the page's heading, its search box (not yet usable) and the
 * spec's spinner (section 2). The server sends it drawn into /dashboard's HTML to a browser with
 * a session cookie (scripts/build/prerender-pages.ts), so the page paints before any script has
 * run; the client draws the same frame on its first render and takes it over.
 *
 * Same sizes as the shell's top bar, the page's header and the search box. The search box's
 * hint is the largest text on a phone's first screen: drawn here at the same width, the page's
 * own does not count as a later, larger paint (Lighthouse's LCP), so the screen counts as
 * painted when the frame is.
 */
export function DashboardFrame() {
  const frame = { [DASHBOARD_FRAME_ATTRIBUTE]: '' }
  return (
    <div className="min-h-dvh bg-background" {...frame}>
      <header className={TOP_BAR_CLASS}>
        {/* Where the panel toggle will be: the same width, so the title does not move. */}
        <span className="size-10 shrink-0" aria-hidden="true" />
        <span className="flex items-center gap-2 px-1 py-1 text-lg font-semibold tracking-tight">
          <Sparkles className="size-5 text-primary" aria-hidden="true" />
          Scout
        </span>
      </header>
      <main className="mx-auto w-full max-w-7xl min-w-0 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 pb-16">
          <PageHeader title="Talent Dashboard" description="Your talent pool at a glance." />
          <div className="relative" aria-hidden="true">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              disabled
              tabIndex={-1}
              placeholder={SEARCH_PLACEHOLDER}
              className="pl-9"
            />
          </div>
          <PageSpinner />
        </div>
      </main>
    </div>
  )
}
