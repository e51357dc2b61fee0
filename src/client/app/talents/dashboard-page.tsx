import { BulkPrivacyRequestMenu } from '../../features/privacy/bulk-privacy-requests.tsx'
import { lazyComponent } from '../../lib/lazy-page.tsx'
import { DashboardPage as DashboardOfTalents } from '../../features/talents/dashboard-page.tsx'
import { TalentScreensProvider, type TalentScreens } from '../../features/talents/screens.ts'

const screens: TalentScreens = {
  // The profile (its tabs, History, CV preview and actions) loads when first needed, not with
  // the dashboard: its ~15 scripts came before the first cards on a cold open
  // (docs/performance.md). The dashboard preloads it once its own first screen is drawn.
  TalentProfile: lazyComponent(() => import('./talent-profile.tsx').then((m) => m.TalentProfile)),
  // /dashboard ≤ 250 KiB: the form (react-hook-form, the tag picker, the new-tag dialog,
  // ~25 KiB gzip) loads when someone means to use it, not with the dashboard.
  TalentForm: lazyComponent(() => import('./talent-form.tsx').then((m) => m.TalentForm)),
  BulkPrivacyRequestMenu,
}

/** The talent dashboard, with the profile and form that show other features' parts. */
export function DashboardPage() {
  return (
    <TalentScreensProvider parts={screens}>
      <DashboardOfTalents />
    </TalentScreensProvider>
  )
}
