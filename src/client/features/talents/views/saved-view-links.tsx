import { useQuery } from '@tanstack/react-query'
import { Bookmark, Users } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { cn } from '../../../lib/cn.ts'
import { savedViewListOptions, savedViewUrl, VIEW_PARAM } from './api.ts'

const numberFormat = new Intl.NumberFormat('en-US')

type SavedViewLinksProps = { onNavigate: () => void }

/**
 * The side panel's saved views: the person's own and everyone's shared ones,
 * each with how many talents it finds now. Nothing shows until there is one.
 */
export function SavedViewLinks({ onNavigate }: SavedViewLinksProps) {
  const views = useQuery(savedViewListOptions())
  const location = useLocation()
  const activeId =
    location.pathname === '/dashboard' ? new URLSearchParams(location.search).get(VIEW_PARAM) : null
  if (views.isError) {
    return <p className="px-3 text-xs text-muted-foreground">Could not load saved views.</p>
  }
  if (!views.data || views.data.length === 0) return null
  return (
    <section aria-labelledby="saved-views-heading" className="grid gap-1">
      <h2
        id="saved-views-heading"
        className="px-3 pt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Saved views
      </h2>
      <ul className="grid gap-0.5">
        {views.data.map((view) => {
          const isActive = activeId === String(view.id)
          return (
            <li key={view.id}>
              <Link
                to={savedViewUrl(view)}
                onClick={onNavigate}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  isActive && 'bg-primary/15 text-foreground hover:bg-primary/20',
                )}
              >
                {view.isShared ? (
                  <Users className="size-4 shrink-0" aria-hidden="true" />
                ) : (
                  <Bookmark className="size-4 shrink-0" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1 truncate">{view.name}</span>
                {view.isShared ? <span className="sr-only">(shared)</span> : null}
                <span className="text-xs tabular-nums">
                  {numberFormat.format(view.count)}
                  <span className="sr-only"> talents</span>
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
