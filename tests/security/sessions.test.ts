import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterEach, describe, expect, vi } from 'vitest'
import { decodeAuthToken, SESSION_COOKIE } from '#shared/auth.ts'
import { CROSS_SITE_MESSAGE, MUST_CHANGE_PASSWORD_MESSAGE } from '#server/auth/access.ts'
import { createSession } from '#server/auth/sessions.ts'
import { sessions, talents, tags, users } from '#server/db/schema.ts'
import type { Db } from '#server/db/open.ts'
import { loginAs, TEST_PASSWORD } from '../support/test-app.ts'
import { apiTestWith, type Api, type Caller } from '#tests/support/api-test.ts'
import { testClientDir } from '#tests/support/client-dir.ts'
import { appRoutes, concreteUrl, routeName, WRITE_METHODS } from './support.ts'

// The must-change gate and the CSRF checks walk every route, the page routes (GET /*) too.
const test = apiTestWith({ clientDir: testClientDir('security-sessions') })
afterEach(() => {
  vi.useRealTimers()
})

const me = (api: Api, headers: Record<string, string>) =>
  api.app.inject({ url: '/api/auth/me', headers })
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64')

async function sessionRow(db: Db, id: number) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id))
  return row
}

describe('security rule 7: token tampering', () => {
  const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')

  test('any edit of the token JSON (exp, sid, extra, missing or retyped fields) is a 401', async ({
    api,
  }) => {
    const victim = await api.signIn()
    const genuine = decodeAuthToken(victim.token)
    if (!genuine) throw new Error('login returned an unreadable token')
    const { sid, exp } = genuine
    const edited = fc.oneof(
      // A later or earlier exp by any amount: tampering never extends (or shortens) a session.
      fc
        .integer({ min: -1e12, max: 1e12 })
        .filter((delta) => delta !== 0)
        .map((delta) => ({ sid, exp: exp + delta })),
      fc
        .tuple(fc.nat({ max: sid.length - 1 }), fc.constantFrom(...BASE64URL))
        .filter(([i, char]) => sid[i] !== char)
        .map(([i, char]) => ({ sid: sid.slice(0, i) + char + sid.slice(i + 1), exp })),
      // Any field the row does not name (role, userId, admin…), whatever its value.
      fc
        .tuple(
          fc.oneof(fc.constantFrom('role', 'userId', 'admin', 'iat', '__proto__'), fc.string()),
          fc.jsonValue(),
        )
        .filter(([key]) => key !== 'sid' && key !== 'exp')
        .map(([key, value]) => ({ sid, exp, [key]: value })),
      fc.constantFrom<object>(
        { sid },
        { exp },
        {},
        { sid, exp: String(exp) },
        { sid, exp: exp + 0.5 },
        { sid: [sid], exp },
        { sid: `${sid}=`, exp },
        [sid, exp],
      ),
    )
    await fc.assert(
      fc.asyncProperty(edited, fc.boolean(), async (payload, viaCookie) => {
        const forged = base64(payload)
        const headers: Record<string, string> = viaCookie
          ? { cookie: `${SESSION_COOKIE}=${forged}` }
          : { authorization: `Bearer ${forged}` }
        expect((await me(api, headers)).statusCode).toBe(401)
      }),
      { numRuns: 150 },
    )
    // The refusals came from the edits: the genuine token still works, its expiry unchanged.
    expect((await me(api, victim.headers)).statusCode).toBe(200)
    expect((await sessionRow(api.database.db, victim.sessionId))?.expiresAt.getTime()).toBe(exp)
  })
})

describe('security rule 8: session fixation, absolute and idle expiry', () => {
  test('login mints a new session: a planted cookie or token is never reused or upgraded', async ({
    api,
  }) => {
    const attacker = await api.signIn()
    const victim = await api.signIn()
    const planted = base64({ sid: randomBytes(32).toString('base64url'), exp: Date.now() + 3.6e6 })
    for (const before of [attacker.token, planted, victim.token]) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { cookie: `${SESSION_COOKIE}=${before}`, authorization: `Bearer ${before}` },
        payload: { email: victim.user.email, password: TEST_PASSWORD },
      })
      expect(response.statusCode).toBe(200)
      const { token } = response.json<{ token: string }>()
      expect(token).not.toBe(before)
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe(token)
      expect((await me(api, { authorization: `Bearer ${token}` })).json()).toMatchObject({
        id: victim.user.id,
      })
    }
    // The attacker's own session still belongs to the attacker, the made-up one to nobody.
    expect((await me(api, attacker.headers)).json()).toMatchObject({ id: attacker.user.id })
    expect((await me(api, { authorization: `Bearer ${planted}` })).statusCode).toBe(401)
  })

  test('absolute: 12 h after login the session ends, however busy it was', async ({ api }) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const s = await loginAs(api.app, (await api.signIn()).user.email)
    expect(decodeAuthToken(s.token)?.exp).toBeGreaterThanOrEqual(start + 12 * 3.6e6)
    expect(decodeAuthToken(s.token)?.exp).toBeLessThan(start + 12 * 3.6e6 + 60_000)
    // A request every 20 minutes keeps it from idling out...
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(start + minutes * 60_000)
      expect((await me(api, s.headers)).statusCode, `after ${minutes} minutes`).toBe(200)
    }
    // ...but not past its absolute lifetime.
    vi.setSystemTime(start + 12 * 3.6e6 + 60_000)
    expect((await me(api, s.headers)).statusCode).toBe(401)
  })

  test('idle: 29 minutes without a request is fine, 31 minutes ends the session', async ({
    api,
  }) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const s = await api.signIn()
    vi.setSystemTime(start + 29 * 60_000)
    expect((await me(api, s.headers)).statusCode).toBe(200)
    vi.setSystemTime(start + (29 + 31) * 60_000)
    expect((await me(api, s.headers)).statusCode).toBe(401)
    expect(await sessionRow(api.database.db, s.sessionId)).toBeUndefined()
  })
})

describe('security rule 9: sessions end on logout, deactivation, deletion and password change', () => {
  const patch = (admin: Caller, id: number, body: object) =>
    admin.inject('PATCH', `/api/users/${id}`, body)
  const edit = { role: 'user', isActive: true, mustChangePassword: false, mfaEnabled: false }

  test('logout deletes the row', async ({ api }) => {
    const s = await api.signIn()
    const out = await api.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: s.headers,
    })
    expect(out.statusCode).toBe(200)
    expect(await sessionRow(api.database.db, s.sessionId)).toBeUndefined()
    expect((await me(api, s.headers)).statusCode).toBe(401)
  })

  test('deactivating, forcing a password change or deleting a user ends all their sessions', async ({
    api,
  }) => {
    const admin = await api.signIn({ role: 'admin' })
    const actions = [
      (id: number) => patch(admin, id, { ...edit, isActive: false }),
      (id: number) => patch(admin, id, { ...edit, mustChangePassword: true }),
      (id: number) =>
        api.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: admin.headers }),
    ]
    for (const act of actions) {
      const first = await api.signIn()
      const second = await createSession(api.database.db, api.config, first.user.id)
      expect((await act(first.user.id)).statusCode).toBe(200)
      expect((await me(api, first.headers)).statusCode).toBe(401)
      expect((await me(api, { authorization: `Bearer ${second.token}` })).statusCode).toBe(401)
    }
  })

  test('a password change ends every other session and keeps this one', async ({ api }) => {
    const { user } = await api.signIn()
    const here = await loginAs(api.app, user.email)
    const elsewhere = await loginAs(api.app, user.email)
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: here.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Blue-Kettle-Morning-77' },
    })
    expect(response.statusCode).toBe(200)
    expect((await me(api, here.headers)).statusCode).toBe(200)
    expect((await me(api, elsewhere.headers)).statusCode).toBe(401)
  })

  test('a role change applies on the next request, without signing in again', async ({ api }) => {
    const admin = await api.signIn({ role: 'admin' })
    const s = await api.signIn()
    const listUsers = () => api.app.inject({ url: '/api/users', headers: s.headers })
    expect((await listUsers()).statusCode).toBe(403)
    expect((await patch(admin, s.user.id, { ...edit, role: 'admin' })).statusCode).toBe(200)
    expect((await listUsers()).statusCode).toBe(200)
    expect((await patch(admin, s.user.id, edit)).statusCode).toBe(200)
    expect((await listUsers()).statusCode).toBe(403)
  })
})

describe('security rule 10: the session cookie and CSRF on cookie-authenticated writes', () => {
  test('the cookie is HttpOnly, SameSite=Lax, Path=/, and Secure only over HTTPS', async ({
    api,
  }) => {
    const { user } = await api.signIn()
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeFalsy()
  })

  test('every write route refuses a cross-site cookie request before doing anything', async ({
    api,
  }) => {
    const writes = appRoutes(api.app).filter((route) => WRITE_METHODS.has(route.method))
    expect(writes.length).toBeGreaterThan(5)
    const admin = await api.signIn({ role: 'admin' })
    const counts = async () =>
      Promise.all([users, talents, tags, sessions].map((table) => api.database.db.$count(table)))
    const before = await counts()
    const crossSite = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
    ]
    for (const route of writes) {
      for (const headers of crossSite) {
        const response = await api.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route, admin.user.id),
          headers: { ...admin.cookie, ...headers },
          payload: { name: 'Cross-site', email: 'x@example.com', role: 'admin' },
        })
        expect(response.statusCode, `${routeName(route)} ${JSON.stringify(headers)}`).toBe(403)
        expect(response.json()).toEqual({ message: CROSS_SITE_MESSAGE })
      }
    }
    expect(await counts()).toEqual(before)
    expect((await me(api, admin.headers)).statusCode).toBe(200)
  })

  test('a form-encodable body (text/plain, urlencoded, multipart) is a 415 even same-origin', async ({
    api,
  }) => {
    const s = await api.signIn()
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: { ...s.cookie, 'sec-fetch-site': 'same-origin', 'content-type': type },
        payload: 'name=Planted',
      })
      expect(response.statusCode, type).toBe(415)
    }
  })
})

describe('security rule 11: the must-change gate', () => {
  // Exactly these stay open while a password change is pending (plus the public routes).
  const OPEN = new Set([
    'GET /api/auth/me',
    'POST /api/auth/change-password',
    'POST /api/auth/first-time-password-change',
    'POST /api/auth/logout',
  ])

  test('every other route answers 403 until the password is changed, then opens', async ({
    api,
  }) => {
    const gated = appRoutes(api.app).filter(
      (route) => route.access !== 'public' && !OPEN.has(routeName(route)),
    )
    expect(gated.length).toBeGreaterThan(10)
    const pending = await api.signIn({ mustChangePassword: true })
    for (const route of gated) {
      const response = await api.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route),
        headers: pending.headers,
      })
      expect(response.statusCode, routeName(route)).toBe(403)
      expect(response.json()).toEqual({ message: MUST_CHANGE_PASSWORD_MESSAGE })
    }
    for (const name of OPEN) {
      const route = appRoutes(api.app).find((r) => routeName(r) === name)
      expect(route, `${name} is still a route`).toBeDefined()
    }
    const opened = await me(api, pending.headers)
    expect(opened.statusCode).toBe(200)
    const changed = await api.app.inject({
      method: 'POST',
      url: '/api/auth/first-time-password-change',
      headers: pending.headers,
      payload: { newPassword: 'Blue-Kettle-Morning-77' },
    })
    expect(changed.statusCode).toBe(200)
    const talentsNow = await api.app.inject({ url: '/api/talents', headers: pending.headers })
    expect(talentsNow.statusCode).toBe(200)
  })
})
