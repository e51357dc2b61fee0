import { useLocation } from 'react-router'
import { DashboardFrame } from '../../features/talents/dashboard-frame.tsx'
import { PageSpinner } from '../../components/layout/page-spinner.tsx'

/**
 * A signed-in screen whose session or code is still loading: the spec's spinner (section 2), in
 * the dashboard's frame on /dashboard, so a cold open there draws the same frame from
 * the server's HTML to the first cards.
 */
export function LoadingScreen() {
  const { pathname } = useLocation()
  return pathname === '/dashboard' ? <DashboardFrame /> : <PageSpinner />
}
