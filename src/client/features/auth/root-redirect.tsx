import { Navigate } from 'react-router'
import { PageSpinner } from '../../components/layout/page-spinner.tsx'
import { useAuth } from '../../lib/current-user.ts'

/** `/`: to /dashboard when signed in, else to /login (spec section 2). */
export function RootRedirect() {
  const { isAuthenticated, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />
  return <Navigate to={isAuthenticated ? '/dashboard' : '/login'} replace />
}
