import { useQueryClient } from '@tanstack/react-query'
import { FileStack, Sheet } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { z } from 'zod'
import type { Talent } from '#shared/talent.ts'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { useAuth } from '../../lib/current-user.ts'
import { AddTalentButton } from './form/add-talent-button.tsx'
import { ExportMenu } from './export/export-menu.tsx'
import { RecentBulkActions } from './bulk/recent-bulk-actions.tsx'
import { talentListOptions, type TalentListFilters } from './api.ts'
import { DeleteTalentDialog, type DeleteSource } from './list/delete-talent-dialog.tsx'
import { TalentDetail } from './detail/talent-detail.tsx'
import { TalentFormDialog } from './form/talent-form-dialog.tsx'
import { TalentPool } from './list/talent-pool.tsx'
import { TalentStatCards } from './list/talent-stat-cards.tsx'
import {
  DEFAULT_FILTERS,
  filtersToParams,
  parseFilters,
  useTalentFilters,
} from './filters/use-talent-filters.ts'
import { useViewMode } from './list/use-view-mode.ts'
import { useOpenSavedView } from './views/use-open-saved-view.ts'
import { useTalentScreens } from './screens.ts'

// The selected talent lives in the URL (?talent=ID) so Back and shared links work.
const TALENT_PARAM = 'talent'
const talentIdSchema = z.coerce.number().int().positive()
const fromListStateSchema = z.object({ fromList: z.literal(true) })

type FormState = { isOpen: boolean; talent: Talent | null; title?: string }
type DeleteState = { isOpen: boolean; talent: Talent | null; source: DeleteSource }

/** spec section 2 "Talent dashboard": stat cards, the Talent Pool, detail, add/edit/delete. */
export function DashboardPage() {
  const { isAdmin } = useAuth()
  const { TalentProfile } = useTalentScreens()
  const filters = useTalentFilters()
  const [viewMode, setViewMode] = useViewMode()
  useOpenSavedView(setViewMode)
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form, setForm] = useState<FormState>({ isOpen: false, talent: null })
  const [deleting, setDeleting] = useState<DeleteState>({
    isOpen: false,
    talent: null,
    source: 'table',
  })

  // Where the list was scrolled when a talent opened; restored when the list shows again.
  const listScrollRef = useRef(0)
  const parsedId = talentIdSchema.safeParse(searchParams.get(TALENT_PARAM) ?? undefined)
  const talentId = parsedId.success ? parsedId.data : undefined

  function openForm(talent: Talent | null, title?: string) {
    setForm({ isOpen: true, talent, title })
  }

  function handleSelect(talent: Talent) {
    listScrollRef.current = window.scrollY
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        next.set(TALENT_PARAM, String(talent.id))
        return next
      },
      { state: { fromList: true } },
    )
    window.scrollTo({ top: 0 })
  }

  function handleBack() {
    // Opened from the list: go back in history, so the browser restores the list's scroll.
    if (fromListStateSchema.safeParse(location.state).success) {
      void navigate(-1)
      return
    }
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        next.delete(TALENT_PARAM)
        return next
      },
      { replace: true },
    )
  }

  // Filter and search results ≤ 300 ms: the request leaves on the click, before React
  // renders the page for the new URL, under the key the list will read (the URL's parse of them).
  function applyFilters(next: TalentListFilters, options?: { replace?: boolean }) {
    const key = parseFilters(filtersToParams(next, new URLSearchParams()))
    void queryClient.prefetchInfiniteQuery(talentListOptions(key))
    filters.apply(next, options)
  }

  function findLoaded(id: number): Talent | undefined {
    const data = queryClient.getQueryData(talentListOptions(filters.applied).queryKey)
    return data?.pages.flatMap((page) => page.talents).find((talent) => talent.id === id)
  }

  const isDetail = talentId !== undefined

  // The profile's code, once the first screen is drawn: opening a talent then shows it at once.
  useEffect(() => {
    const preload = () => void TalentProfile.preload().catch(() => undefined)
    const idle = window.requestIdleCallback?.(preload, { timeout: 2_000 })
    const timer = idle === undefined ? window.setTimeout(preload, 500) : undefined
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle)
      window.clearTimeout(timer)
    }
  }, [TalentProfile])

  // The list is display:none under the detail view, so the browser cannot restore its scroll
  // position on Back; this syncs the window (an external system) with the view shown. Not on
  // mount: scrolling there forced the new page's whole layout inside React's commit, a slowed
  // phone's longest task of a cold open. The page goes to the top in a task of its own.
  const shownView = useRef(isDetail)
  useLayoutEffect(() => {
    if (shownView.current === isDetail) return
    shownView.current = isDetail
    if (!isDetail) window.scrollTo({ top: listScrollRef.current })
  }, [isDetail])
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }))
    return () => window.clearTimeout(timer)
  }, [])

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 pb-16">
      <PageHeader
        title="Talent Dashboard"
        description="Your talent pool at a glance."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/dashboard/imports">
                <Sheet aria-hidden="true" />
                Import
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/cv-imports">
                <FileStack aria-hidden="true" />
                Import CVs
              </Link>
            </Button>
            <ExportMenu target={{ filters: filters.applied }} />
            <RecentBulkActions />
          </>
        }
      />
      {isDetail ? (
        <TalentDetail
          key={talentId}
          talentId={talentId}
          placeholder={findLoaded(talentId)}
          isAdmin={isAdmin}
          onBack={handleBack}
          onEdit={(talent) => openForm(talent, 'Edit Talent Profile')}
        />
      ) : null}
      {/* Kept mounted under the detail view, so going back shows the same loaded pages. */}
      <div hidden={isDetail} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <TalentStatCards />
        <TalentPool
          filters={filters.applied}
          activeCount={filters.activeCount}
          onApplyFilters={applyFilters}
          onResetFilters={() => applyFilters(DEFAULT_FILTERS)}
          viewMode={viewMode}
          onViewModeChange={setViewMode}
          isAdmin={isAdmin}
          onSelect={handleSelect}
          onEdit={(talent) => openForm(talent)}
          onDelete={(talent, source) => setDeleting({ isOpen: true, talent, source })}
          onAddFirst={() => openForm(null)}
        />
      </div>
      <AddTalentButton onClick={() => openForm(null)} />
      <TalentFormDialog
        open={form.isOpen}
        onOpenChange={(isOpen) => setForm((current) => ({ ...current, isOpen }))}
        talent={form.talent}
        title={form.title}
      />
      <DeleteTalentDialog
        open={deleting.isOpen}
        talent={deleting.talent}
        source={deleting.source}
        onClose={() => setDeleting((current) => ({ ...current, isOpen: false }))}
      />
    </div>
  )
}
