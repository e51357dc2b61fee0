import { useQuery } from '@tanstack/react-query'
import {
  ChartColumn,
  CopyCheck,
  LayoutDashboard,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { KeyboardEvent } from 'react'
import { NavLink } from 'react-router'
import { SavedViewLinks } from '../../features/talents/views/saved-view-links.tsx'
import { cn } from '../../lib/cn.ts'
import { duplicateGroupsOptions } from '../../features/duplicates/api.ts'

// spec section 2: all four links are shown to everyone, including non-admins (a fifth, Duplicates, comes after them).
const LINKS: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: '/dashboard', label: 'Talent Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/users', label: 'Users', icon: Users },
  { to: '/dashboard/reports', label: 'Reports', icon: ChartColumn },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
  // After the spec's four, with the count of groups waiting.
  { to: '/dashboard/duplicates', label: 'Duplicates', icon: CopyCheck },
]

type SidePanelProps = {
  id: string
  /** Called after a link is followed; the shell closes the overlay on small screens. */
  onNavigate: () => void
  onClose: () => void
}

/**
 * The left navigation panel: in the page flow on wide screens, over the page (with a backdrop)
 * on small ones.
 */
export function SidePanel({ id, onNavigate, onClose }: SidePanelProps) {
  const duplicates = useQuery(duplicateGroupsOptions())
  const duplicateCount = duplicates.data?.total
  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') onClose()
  }

  return (
    <>
      <div
        aria-hidden="true"
        className="fixed inset-0 top-14 z-40 animate-fade-in bg-black/50 backdrop-blur-[1px] md:hidden reduce-transparency:bg-black/80"
        onClick={onClose}
      />
      <nav
        id={id}
        aria-label="Main"
        onKeyDown={handleKeyDown}
        className="fixed top-14 bottom-0 left-0 z-40 w-72 max-w-[80vw] animate-slide-in-left overflow-y-auto border-r bg-card/95 p-3 shadow-xl backdrop-blur-md md:sticky md:z-auto md:h-[calc(100dvh-3.5rem)] md:w-64 md:shrink-0 md:animate-none md:bg-card/40 md:shadow-none reduce-transparency:bg-card"
      >
        <ul className="grid gap-1">
          {LINKS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
                    isActive && 'bg-primary/15 text-foreground hover:bg-primary/20',
                  )
                }
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
                {to === '/dashboard/duplicates' && duplicateCount ? (
                  <span
                    className="ml-auto rounded-full bg-primary/20 px-2 text-xs tabular-nums"
                    aria-label={`${duplicateCount} groups`}
                  >
                    {duplicateCount}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t pt-2">
          <SavedViewLinks onNavigate={onNavigate} />
        </div>
      </nav>
    </>
  )
}
