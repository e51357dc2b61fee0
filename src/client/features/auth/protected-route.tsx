import { useDeferredValue, type ReactNode } from 'react'
import { Navigate, Outlet } from 'react-router'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useAuth } from '../../lib/current-user.ts'

/**
 * spec section 2: a spinner while authentication loads (in the dashboard's frame there, issue
 * 17); visitors who are not signed in go to /login. An account that must change its password goes
 * to /change-password first (spec section 1).
 */
export function ProtectedRoute({ loading }: { loading: ReactNode }) {
  const { user, isLoading } = useAuth()
  // React takes over the dashboard's frame from the server's HTML, so that first render
  // draws the loading screen even when the session check has already answered. Then the
  // signed-in screen (shell and page, a phone's longest render) is drawn as a deferred update, in
  // slices that leave the main thread free between them; the loading screen stays until it is.
  const isHydrated = useHydrated()
  const isStillLoading = useDeferredValue(isLoading || !isHydrated)
  if (isLoading || isStillLoading) return loading
  if (user === null) return <Navigate to="/login" replace />
  if (user.mustChangePassword) return <Navigate to="/change-password" replace />
  return <Outlet />
}
