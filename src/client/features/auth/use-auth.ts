import { useQuery } from '@tanstack/react-query'
import type { User } from '#shared/user.ts'
import { hasValidAuthToken } from '../../lib/auth-token.ts'
import { currentUserQueryOptions } from './api.ts'

type Auth = {
  user: User | null
  isLoading: boolean
  isAuthenticated: boolean
  isAdmin: boolean
}

/**
 * The signed-in user (spec section 4): with no valid stored token nobody is signed in and the
 * current-user call is not made; otherwise the call decides.
 */
export function useAuth(): Auth {
  const hasToken = hasValidAuthToken()
  const query = useQuery({ ...currentUserQueryOptions(), enabled: hasToken })
  const user = hasToken && !query.isError ? (query.data ?? null) : null
  return {
    user,
    isLoading: hasToken && query.isPending,
    isAuthenticated: user !== null,
    isAdmin: user?.role === 'admin',
  }
}
