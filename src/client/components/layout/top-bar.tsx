import { PanelLeft, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import type { User } from '#shared/user.ts'
import { Button } from '../ui/button.tsx'
import { AccountMenu } from './account-menu.tsx'
import { ThemeMenu } from './theme-menu.tsx'

type TopBarProps = {
  user: User
  isPanelOpen: boolean
  panelId: string
  onTogglePanel: () => void
}

/** Product title, panel toggle, theme and account menus (spec section 2, Shell). */
export function TopBar({ user, isPanelOpen, panelId, onTogglePanel }: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/85 px-2 backdrop-blur-md sm:px-4">
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
        <ThemeMenu />
        <AccountMenu user={user} />
      </div>
    </header>
  )
}
