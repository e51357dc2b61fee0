import { Navigate, Outlet } from 'react-router'
import { PageSpinner } from '../../components/layout/page-spinner.tsx'
import { useAuth } from './api.ts'

/**
 * spec section 2: a spinner while authentication loads; visitors who are not signed in go to
 * /login. An account that must change its password goes to /change-password first (spec section 1).
 */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />
  if (user === null) return <Navigate to="/login" replace />
  if (user.mustChangePassword) return <Navigate to="/change-password" replace />
  return <Outlet />
}
