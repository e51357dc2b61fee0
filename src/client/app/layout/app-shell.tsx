import { Suspense, useState } from 'react'
import { Outlet } from 'react-router'
import { useAuth } from '../../lib/current-user.ts'
import { QuickSearch } from '../../features/talents/search/quick-search.tsx'
import { useQuickSearch } from '../../features/talents/search/use-quick-search.ts'
import { PageSpinner } from '../../components/layout/page-spinner.tsx'
import { ScrollToTopButton } from '../../components/layout/scroll-to-top-button.tsx'
import { SidePanel } from './side-panel.tsx'
import { TopBar } from './top-bar.tsx'

const PANEL_ID = 'side-panel'

/** The signed-in frame: top bar, side panel (hidden by default, spec section 2), page, scroll-to-top. */
export function AppShell() {
  const { user } = useAuth()
  const [isPanelOpen, setIsPanelOpen] = useState(false)
  const quickSearch = useQuickSearch()

  function handleNavigate() {
    // On small screens the panel covers the page, so following a link closes it.
    if (window.matchMedia('(max-width: 767px)').matches) setIsPanelOpen(false)
  }

  // ProtectedRoute renders the shell only for a signed-in user.
  if (user === null) return null

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <TopBar
        user={user}
        isPanelOpen={isPanelOpen}
        panelId={PANEL_ID}
        onTogglePanel={() => setIsPanelOpen((open) => !open)}
        onOpenSearch={() => quickSearch.setOpen(true)}
      />
      <div className="flex">
        {isPanelOpen ? (
          <SidePanel
            id={PANEL_ID}
            onNavigate={handleNavigate}
            onClose={() => setIsPanelOpen(false)}
          />
        ) : null}
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ScrollToTopButton />
      <QuickSearch
        open={quickSearch.isOpen}
        hasOpened={quickSearch.hasOpened}
        onOpenChange={quickSearch.setOpen}
      />
    </div>
  )
}
