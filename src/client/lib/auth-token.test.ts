import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '#shared/user.ts'
import {
  getAuthToken,
  getCachedUser,
  hasValidAuthToken,
  removeCachedUser,
  setCachedUser,
} from './auth-token.ts'
import { createMemoryStorage, makeToken } from './memory-storage.test-helper.ts'

const user: User = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  role: 'user',
  isActive: true,
  mustChangePassword: false,
  mfaEnabled: false,
  mfaEnrolled: false,
  isDefaultAdmin: false,
  createdAt: '2024-01-05T10:00:00.000Z',
  updatedAt: '2024-01-05T10:00:00.000Z',
}

let storage: ReturnType<typeof createMemoryStorage>

beforeEach(() => {
  storage = createMemoryStorage()
  vi.stubGlobal('localStorage', storage)
})
afterEach(() => vi.unstubAllGlobals())

describe('authToken (spec sections 3-4)', () => {
  it('returns a token whose expiry is in the future', () => {
    const token = makeToken(Date.now() + 60_000)
    storage.setItem('authToken', token)
    expect(getAuthToken()).toBe(token)
    expect(hasValidAuthToken()).toBe(true)
  })

  it('removes an expired token and treats it as absent', () => {
    storage.setItem('authToken', makeToken(Date.now() - 1))
    expect(getAuthToken()).toBeUndefined()
    expect(storage.getItem('authToken')).toBeNull()
  })

  it('treats a token expiring exactly now as expired', () => {
    const now = Date.now()
    storage.setItem('authToken', makeToken(now))
    expect(getAuthToken(now)).toBeUndefined()
  })

  it.each([
    ['not base64', '%%%'],
    ['base64 but not JSON', btoa('hello')],
    ['JSON without exp', btoa(JSON.stringify({ sid: 'a'.repeat(43) }))],
    ['exp as text', btoa(JSON.stringify({ sid: 'a'.repeat(43), exp: 'tomorrow' }))],
  ])('removes an unreadable token (%s)', (_label, token) => {
    storage.setItem('authToken', token)
    expect(hasValidAuthToken()).toBe(false)
    expect(storage.getItem('authToken')).toBeNull()
  })

  it('is absent when nothing is stored', () => {
    expect(getAuthToken()).toBeUndefined()
  })
})

describe('auth_user cache', () => {
  it('round-trips a valid user and removes it on request', () => {
    setCachedUser(user)
    expect(getCachedUser()).toEqual(user)
    removeCachedUser()
    expect(storage.getItem('auth_user')).toBeNull()
  })

  it('drops a cached copy that is not a valid user', () => {
    storage.setItem('auth_user', JSON.stringify({ email: 'x' }))
    expect(getCachedUser()).toBeUndefined()
    expect(storage.getItem('auth_user')).toBeNull()

    storage.setItem('auth_user', '{not json')
    expect(getCachedUser()).toBeUndefined()
    expect(storage.getItem('auth_user')).toBeNull()
  })
})
