import type { QueryClient } from '@tanstack/react-query'
import { AppShell, DashboardPage } from './pages.ts'

/**
 * Issue 3 budget (first cards ≤ 1 s after sign-in; issue 17: ≤ 500 ms): fetch the code of the
 * first signed-in screen while the person is on the login screen, instead of after the redirect.
 * Through the routes' own pages, so that once loaded they render without suspending.
 */
export function preloadDashboardCode(): void {
  void AppShell.preload()
  void DashboardPage.preload()
}

/** Once signed in, start the dashboard's first talents page and stats before it mounts. */
export function prefetchDashboardData(queryClient: QueryClient): void {
  void Promise.all([
    import('./features/talents/api.ts'),
    import('./features/talents/filters/use-talent-filters.ts'),
  ]).then(([{ talentListOptions, talentStatsOptions }, { DEFAULT_FILTERS }]) =>
    Promise.all([
      queryClient.prefetchInfiniteQuery(talentListOptions(DEFAULT_FILTERS)),
      queryClient.prefetchQuery(talentStatsOptions()),
    ]),
  )
}
