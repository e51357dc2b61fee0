import { Navigate, Outlet } from 'react-router'
import { useAuth } from '../../lib/current-user.ts'

/** spec section 2: non-admins on admin-only routes are sent to /dashboard. */
export function AdminRoute() {
  const { isAdmin } = useAuth()
  if (!isAdmin) return <Navigate to="/dashboard" replace />
  return <Outlet />
}
