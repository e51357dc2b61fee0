import { PanelLeft, Search, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import type { User } from '#shared/user.ts'
import { preloadQuickSearch } from '../../features/talents/search/use-quick-search.ts'
import { Button } from '../../components/ui/button.tsx'
import { AccountMenu } from './account-menu.tsx'
import { ThemeMenu } from '../../components/layout/theme-menu.tsx'
import { TOP_BAR_CLASS } from '../../components/layout/top-bar-class.ts'

type TopBarProps = {
  user: User
  isPanelOpen: boolean
  panelId: string
  onTogglePanel: () => void
  /** The quick search, also opened with `/` or Ctrl/⌘+K. */
  onOpenSearch: () => void
}

/** Product title, panel toggle, theme and account menus (spec section 2, Shell). */
export function TopBar({ user, isPanelOpen, panelId, onTogglePanel, onOpenSearch }: TopBarProps) {
  return (
    <header className={TOP_BAR_CLASS}>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Toggle navigation"
        aria-expanded={isPanelOpen}
        aria-controls={isPanelOpen ? panelId : undefined}
        onClick={onTogglePanel}
      >
        <PanelLeft className="size-5" aria-hidden="true" />
      </Button>
      <Link
        to="/dashboard"
        className="flex items-center gap-2 rounded-md px-1 py-1 text-lg font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        Scout
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <Button
          variant="outline"
          aria-keyshortcuts="/ Control+K Meta+K"
          onClick={onOpenSearch}
          onPointerEnter={() => void preloadQuickSearch()}
          onFocus={() => void preloadQuickSearch()}
          className="text-muted-foreground sm:w-56 sm:justify-start"
        >
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Quick search</span>
          <kbd className="ml-auto hidden rounded border bg-muted px-1.5 font-mono text-[11px] sm:inline">
            /
          </kbd>
        </Button>
        <ThemeMenu />
        <AccountMenu user={user} />
      </div>
    </header>
  )
}
