import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CURRENT_USER,
  FIRST_TALENTS_PAGE,
  TALENT_STATS,
  sendDashboardDataAfterSignIn,
} from '../boot/dashboard-data.ts'
import { readStoredToken } from '../boot/stored-token.ts'
import { queryClient } from './query-client.ts'
import { apiRequest } from './api.ts'
import { EARLY_ANSWER_TTL_MS, sendEarly, takeEarly } from './early-requests.ts'
import { createMemoryStorage, makeToken } from './memory-storage.test-helper.ts'

const fetchMock = vi.fn<typeof fetch>()
let storage: ReturnType<typeof createMemoryStorage>

function urls(): string[] {
  return fetchMock.mock.calls.map(([url]) => (typeof url === 'string' ? url : 'not a string'))
}

beforeEach(() => {
  storage = createMemoryStorage()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })))
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
  queryClient.clear()
})

describe('requests sent before the app ran (decision 017)', () => {
  it("the app's identical request takes the early answer once, and sends nothing itself", async () => {
    const token = makeToken(Date.now() + 60_000)
    storage.setItem('authToken', token)
    const body = JSON.stringify({ email: 'a@b.c', password: 'pw' })
    void sendEarly('POST', '/api/auth/login', { token, body })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'pw' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    // Taken: the next identical request goes out.
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'pw' })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('a different body, token or address is not served an early answer', async () => {
    const token = makeToken(Date.now() + 60_000)
    void sendEarly('POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a', password: 'b' }),
    })
    await apiRequest('POST', '/api/auth/login', { email: 'a', password: 'other' })
    expect(fetchMock).toHaveBeenCalledTimes(2)
    void sendEarly('GET', TALENT_STATS, { token })
    await apiRequest('GET', TALENT_STATS) // no token stored: another request
    expect(fetchMock).toHaveBeenCalledTimes(4)
  })

  it('an answer older than its time to live is not taken', () => {
    void sendEarly('GET', CURRENT_USER)
    const later = Date.now() + EARLY_ANSWER_TTL_MS + 1
    expect(takeEarly('GET', CURRENT_USER, undefined, undefined, later)).toBeUndefined()
  })

  it('after a sign-in that opens the dashboard, its data leaves with the new token; not for a password change or a second factor', async () => {
    const token = makeToken(Date.now() + 60_000)
    const user = (mustChangePassword: boolean) => ({ id: 1, mustChangePassword })
    const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)))
    sendDashboardDataAfterSignIn(answer({ token, user: user(false) }))
    await vi.waitFor(() => expect(urls()).toEqual([FIRST_TALENTS_PAGE, TALENT_STATS]))
    const [, init] = fetchMock.mock.calls[0] ?? []
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`)
    fetchMock.mockClear()
    sendDashboardDataAfterSignIn(answer({ token, user: user(true) }))
    sendDashboardDataAfterSignIn(answer({ mfaRequired: true, mfaToken: 'x' }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('the boot script reads the stored token as the app does: absent, expired or unreadable is none', () => {
    expect(readStoredToken()).toBeUndefined()
    storage.setItem('authToken', makeToken(Date.now() - 1))
    expect(readStoredToken()).toBeUndefined()
    storage.setItem('authToken', '%%%')
    expect(readStoredToken()).toBeUndefined()
    const token = makeToken(Date.now() + 60_000)
    storage.setItem('authToken', token)
    expect(readStoredToken()).toBe(token)
  })
})
