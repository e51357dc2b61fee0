import { hashKey, type QueryClient } from '@tanstack/react-query'
import { removeAuthToken, removeCachedUser } from './auth-token.ts'

/** The current-user query: the path doubles as the key for the generic query function. */
export const CURRENT_USER_KEY = ['/api/auth/me'] as const

/** Forgets the local session: the stored token and the cached user (spec sections 3-4). */
export function clearStoredSession(): void {
  removeAuthToken()
  removeCachedUser()
}

/**
 * spec section 4: when the current-user call fails (after its one retry) the token is removed.
 * The query cache reports the final failure once, so this runs once per failed fetch.
 */
export function removeTokenWhenCurrentUserFails(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return
    if (event.query.queryHash !== hashKey(CURRENT_USER_KEY)) return
    clearStoredSession()
  })
}

function isUnauthorized(error: unknown): boolean {
  // lib/api.ts raises errors as `status: body` (spec section 8).
  return error instanceof Error && error.message.startsWith('401:')
}

/**
 * A deactivated or expired session is signed out on its next request, whichever screen
 * makes it. Any refused read or write re-checks the current user; its 401 reads as "not signed in"
 * (spec section 7), which sends the guards to /login.
 */
export function recheckSessionWhenRefused(queryClient: QueryClient): () => void {
  const recheck = (error: unknown, queryHash?: string) => {
    if (!isUnauthorized(error) || queryHash === hashKey(CURRENT_USER_KEY)) return
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'all' })
  }
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      recheck(event.action.error, event.query.queryHash)
    }
  })
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error)
  })
  return () => {
    stopQueries()
    stopMutations()
  }
}
