import { queryOptions, useQuery } from '@tanstack/react-query'
import { userSchema, type User } from '#shared/user.ts'
import { fetchJson } from './api.ts'
import { hasValidAuthToken, setCachedUser } from './auth-token.ts'
import { CURRENT_USER_KEY, clearStoredSession } from './session.ts'

/*
 * The signed-in person, for every screen: features read it here (never from another feature), and
 * a feature that changes it (sign-in, an admin editing their own names) refreshes CURRENT_USER_KEY.
 */

async function fetchCurrentUser(): Promise<User | null> {
  let body: unknown
  try {
    body = await fetchJson(CURRENT_USER_KEY[0], { on401: 'returnNull' })
  } catch (error) {
    // spec section 8: "Current user failure — error 'Authentication failed'"; session.ts drops the token.
    throw new Error('Authentication failed', { cause: error })
  }
  if (body === null) {
    // spec section 4: a 401 also removes the token.
    clearStoredSession()
    return null
  }
  const user = userSchema.parse(body)
  setCachedUser(user)
  return user
}

/** GET /api/auth/me: cached 5 s, one retry after 500 ms (spec sections 7 and 9). */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 5_000,
    retry: 1,
    retryDelay: 500,
  })
}

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
