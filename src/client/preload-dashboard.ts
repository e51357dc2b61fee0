import type { QueryClient } from '@tanstack/react-query'

/**
 * Issue 3 budget (first cards ≤ 1 s after sign-in): fetch the code of the first signed-in screen
 * while the person is on the login screen, instead of after the redirect. Same specifiers as the lazy routes,
 * so the browser reuses these downloads.
 */
export function preloadDashboardCode(): void {
  void import('./components/layout/app-shell.tsx')
  void import('./features/talents/dashboard-page.tsx')
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
