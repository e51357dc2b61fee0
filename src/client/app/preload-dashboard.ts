import type { QueryClient } from '@tanstack/react-query'
import { currentUserQueryOptions } from '../lib/current-user.ts'
import { hasValidAuthToken } from '../lib/auth-token.ts'
import { runInTurns } from '../lib/run-in-turns.ts'
import { AppShell, DashboardPage } from './pages.ts'

/** The dashboard's data code, loaded with its page's code so a sign-in can start the fetch at once. */
function loadDataCode() {
  return Promise.all([
    import('../features/talents/api.ts'),
    import('../features/talents/filters/use-talent-filters.ts'),
  ]).then(([{ talentListOptions, talentStatsOptions }, { DEFAULT_FILTERS }]) => ({
    talentListOptions,
    talentStatsOptions,
    DEFAULT_FILTERS,
  }))
}

type DataCode = Awaited<ReturnType<typeof loadDataCode>>

/** Set once the preload has finished: from then on the fetch starts in the same task. */
let dataCode: DataCode | undefined

/**
 * First cards soon after sign-in: fetch the code of the
 * first signed-in screen while the person is on the login screen, instead of after the redirect.
 * Through the routes' own pages, so that once loaded they render without suspending.
 */
export function preloadDashboardCode(): void {
  // One task each: asking for a chunk costs ~0.5 ms of main thread (2 ms on a slowed phone), and
  // these are some fifty; in one task they made a long one.
  void runInTurns([
    () => void AppShell.preload(),
    () => void DashboardPage.preload(),
    () =>
      loadDataCode().then(
        (code) => (dataCode = code),
        () => undefined, // a failed chunk is fetched again at sign-in
      ),
  ])
}

function prefetch(queryClient: QueryClient, code: DataCode) {
  return Promise.all([
    queryClient.prefetchInfiniteQuery(code.talentListOptions(code.DEFAULT_FILTERS)),
    queryClient.prefetchQuery(code.talentStatsOptions()),
  ])
}

/**
 * Once signed in, start the dashboard's first talents page and stats before it mounts. With the
 * code preloaded (the usual case) the requests leave in this task, while the redirect renders
 * the shell, not a task or two later behind that render.
 */
export function prefetchDashboardData(queryClient: QueryClient): void {
  if (dataCode) {
    void prefetch(queryClient, dataCode)
    return
  }
  loadDataCode().then(
    (code) => prefetch(queryClient, code),
    () => undefined, // the dashboard fetches its own data when it mounts
  )
}

/**
 * A cold open of the dashboard (a reload, a shared or bookmarked link) with a stored sign-in:
 * the shell's and the page's code load beside the session check, and the first talents page
 * and stats leave as soon as the server has confirmed the session. Before, four steps ran one
 * after the other (entry → session check → shell code → page code → data): on Lighthouse's
 * simulated phone the data left only at 1.45-1.7 s (docs/performance.md). The data waits
 * for the check, so a stale token asks for nothing more; filters in the address (not the
 * defaults) leave the data to the page.
 */
export function startDashboardEarly(queryClient: QueryClient, location: Location): void {
  if (location.pathname !== '/dashboard' || !hasValidAuthToken()) return
  preloadDashboardCode()
  if (location.search !== '') return
  queryClient.fetchQuery(currentUserQueryOptions()).then(
    (user) => {
      if (user && !user.mustChangePassword) prefetchDashboardData(queryClient)
    },
    () => undefined, // the route's own session check shows what went wrong
  )
}
