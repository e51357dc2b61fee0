import { hashKey, type QueryClient } from '@tanstack/react-query'
import { removeAuthToken, removeCachedUser } from '../../lib/auth-token.ts'

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
