import { decodeAuthToken } from '#shared/auth.ts'
import { userSchema, type User } from '#shared/user.ts'
import { readStorage, removeStorage, writeStorage } from './storage.ts'

// Client-side stored values (spec section 3).
const AUTH_TOKEN_KEY = 'authToken'
const AUTH_USER_KEY = 'auth_user'

/**
 * The stored sign-in token, or undefined. A token that is unreadable or whose `exp` (ms) is not in
 * the future is removed and treated as absent (spec section 4).
 */
export function getAuthToken(now: number = Date.now()): string | undefined {
  const token = readStorage(AUTH_TOKEN_KEY)
  if (token === null) return undefined
  const payload = decodeAuthToken(token)
  if (payload === undefined || payload.exp <= now) {
    removeStorage(AUTH_TOKEN_KEY)
    return undefined
  }
  return token
}

export function hasValidAuthToken(now: number = Date.now()): boolean {
  return getAuthToken(now) !== undefined
}

export function setAuthToken(token: string): void {
  writeStorage(AUTH_TOKEN_KEY, token)
}

export function removeAuthToken(): void {
  removeStorage(AUTH_TOKEN_KEY)
}

/** The cached copy of the signed-in user, validated on the way out; a bad copy is dropped. */
export function getCachedUser(): User | undefined {
  const raw = readStorage(AUTH_USER_KEY)
  if (raw === null) return undefined
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw))
    if (parsed.success) return parsed.data
  } catch {
    // Not JSON: fall through and drop it.
  }
  removeStorage(AUTH_USER_KEY)
  return undefined
}

export function setCachedUser(user: User): void {
  writeStorage(AUTH_USER_KEY, JSON.stringify(user))
}

export function removeCachedUser(): void {
  removeStorage(AUTH_USER_KEY)
}
