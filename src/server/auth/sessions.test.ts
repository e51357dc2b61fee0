import { createHash, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { decodeAuthToken, encodeAuthToken, SESSION_COOKIE } from '#shared/auth.ts'
import { sessions, users } from '../db/schema.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { loginAs } from '#tests/support/test-app.ts'

function me(api: Api, headers: { authorization?: string; cookie?: string }) {
  return api.app.inject({ url: '/api/auth/me', headers })
}

/** A session row written by hand, so a test can choose its expiry and last activity. */
async function handMadeSession(api: Api, userId: number, expiresAt: Date, lastSeenAt = new Date()) {
  const sid = randomBytes(32).toString('base64url')
  const secretHash = createHash('sha256').update(sid).digest('hex')
  await api.database.db.insert(sessions).values({ userId, secretHash, expiresAt, lastSeenAt })
  return encodeAuthToken({ sid, exp: expiresAt.getTime() })
}

describe('GET /api/auth/me', () => {
  test('answers the user by Bearer token or by cookie; 401 without either', async ({ api }) => {
    // Signed in through the route: /me answers the user exactly as the sign-in did.
    const s = await loginAs(api.app, (await api.makeUser()).email)
    const byBearer = await me(api, s.headers)
    expect(byBearer.statusCode).toBe(200)
    expect(byBearer.json()).toEqual(s.user)
    expect(byBearer.body).not.toContain('passwordHash')
    expect((await me(api, { cookie: s.cookie })).json()).toEqual(s.user)
    const anonymous = await me(api, {})
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ message: 'Authentication required' })
  })

  test('the user is re-read every request: a role change shows at once', async ({ api }) => {
    const s = await api.signIn()
    await api.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, s.user.id))
    expect((await me(api, s.headers)).json()).toMatchObject({ role: 'admin' })
  })
})

describe('tampered tokens are refused (security rule 7)', () => {
  test.for<[string, (sid: string, exp: number) => string]>([
    ['a later exp', (sid: string, exp: number) => encodeAuthToken({ sid, exp: exp + 3_600_000 })],
    ['an earlier exp', (sid: string, exp: number) => encodeAuthToken({ sid, exp: exp - 1 })],
    [
      'an extra field',
      (sid: string, exp: number) => btoa(JSON.stringify({ sid, exp, role: 'admin' })),
    ],
    [
      'another sid',
      (_sid: string, exp: number) =>
        encodeAuthToken({ sid: randomBytes(32).toString('base64url'), exp }),
    ],
    ['garbage', () => 'not-a-token'],
    ['base64 of non-JSON', () => btoa('hello')],
  ])('%s → 401', async ([, forge], { api }) => {
    const s = await api.signIn()
    const payload = decodeAuthToken(s.token)
    const forged = forge(payload?.sid ?? '', payload?.exp ?? 0)
    expect((await me(api, { authorization: `Bearer ${forged}` })).statusCode).toBe(401)
    expect((await me(api, { cookie: `${SESSION_COOKIE}=${forged}` })).statusCode).toBe(401)
    // The genuine token still works, so the refusal came from the forgery.
    expect((await me(api, s.headers)).statusCode).toBe(200)
  })
})

describe('expiry is enforced on the server (security rule 8)', () => {
  test('absolute: a session past its expiry is refused and deleted', async ({ api }) => {
    const user = await api.makeUser()
    const live = await handMadeSession(api, user.id, new Date(Date.now() + 60_000))
    expect((await me(api, { authorization: `Bearer ${live}` })).statusCode).toBe(200)
    const expired = await handMadeSession(api, user.id, new Date(Date.now() - 1000))
    expect((await me(api, { authorization: `Bearer ${expired}` })).statusCode).toBe(401)
    expect(await api.database.db.select().from(sessions)).toHaveLength(1)
  })

  test('idle: no request for longer than SESSION_IDLE_MINUTES ends the session', async ({
    api,
  }) => {
    const s = await api.signIn()
    const idleSince = new Date(Date.now() - 29 * 60_000)
    await api.database.db
      .update(sessions)
      .set({ lastSeenAt: idleSince })
      .where(eq(sessions.userId, s.user.id))
    expect((await me(api, s.headers)).statusCode).toBe(200)
    await api.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, s.user.id))
    expect((await me(api, s.headers)).statusCode).toBe(401)
    expect(await api.database.db.select().from(sessions)).toHaveLength(0)
  })

  test('activity is recorded at most once a minute', async ({ api }) => {
    const s = await api.signIn()
    const recent = new Date(Date.now() - 30_000)
    await api.database.db
      .update(sessions)
      .set({ lastSeenAt: recent })
      .where(eq(sessions.userId, s.user.id))
    await me(api, s.headers)
    const [kept] = await api.database.db.select().from(sessions)
    expect(kept?.lastSeenAt.getTime()).toBe(recent.getTime())
    const older = new Date(Date.now() - 5 * 60_000)
    await api.database.db
      .update(sessions)
      .set({ lastSeenAt: older })
      .where(eq(sessions.userId, s.user.id))
    await me(api, s.headers)
    const [touched] = await api.database.db.select().from(sessions)
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 5000)
  })
})

describe('POST /api/auth/logout', () => {
  test('deletes the session row, clears the cookie, and the token stops working', async ({
    api,
  }) => {
    const s = await api.signIn()
    // A second session of the same person.
    const other = await loginAs(api.app, s.user.email)
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: s.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out successfully' })
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cleared?.value).toBe('')
    expect((cleared?.expires?.getTime() ?? Infinity) <= Date.now() || cleared?.maxAge === 0).toBe(
      true,
    )
    expect((await me(api, s.headers)).statusCode).toBe(401)
    // Only this session ended.
    expect((await me(api, other.headers)).statusCode).toBe(200)
    expect(await api.database.db.select().from(sessions)).toHaveLength(1)
  })

  test('by cookie (same-origin) it works too', async ({ api }) => {
    const s = await api.signIn()
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        ...s.cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
    })
    expect(response.statusCode).toBe(200)
    expect(await api.database.db.select().from(sessions)).toHaveLength(0)
  })

  test('without a valid session it still answers 200 and clears the cookie', async ({ api }) => {
    const response = await api.app.inject({ method: 'POST', url: '/api/auth/logout' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out successfully' })
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('')
  })
})

/** Signed in, with the session already looked up once (so a cache, if any, holds it). */
async function signedInAndCached(api: Api) {
  const s = await api.signIn()
  expect((await me(api, s.headers)).statusCode).toBe(200)
  return s
}

// Each change is made behind the app's back, the way another request's transaction makes it:
// the next request must see it, whichever engine, cache or not (security rule 9).
describe('a cached session never outlives a change', () => {
  test('a role change shows on the next request', async ({ api }) => {
    const s = await signedInAndCached(api)
    await api.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, s.user.id))
    expect((await me(api, s.headers)).json()).toMatchObject({ role: 'admin' })
  })

  test('a deactivated user is refused on the next request', async ({ api }) => {
    const s = await signedInAndCached(api)
    await api.database.db.update(users).set({ isActive: false }).where(eq(users.id, s.user.id))
    expect((await me(api, s.headers)).statusCode).toBe(401)
  })

  test('a deleted session is refused on the next request', async ({ api }) => {
    const s = await signedInAndCached(api)
    await api.database.db.delete(sessions).where(eq(sessions.userId, s.user.id))
    expect((await me(api, s.headers)).statusCode).toBe(401)
  })

  test('a session emptied by TRUNCATE is refused on the next request', async ({ api }) => {
    const s = await signedInAndCached(api)
    await api.database.db.execute(sql`TRUNCATE sessions`)
    expect((await me(api, s.headers)).statusCode).toBe(401)
  })

  test('logout ends the session at once', async ({ api }) => {
    const s = await signedInAndCached(api)
    const out = await api.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: s.headers,
    })
    expect(out.statusCode).toBeLessThan(300)
    expect((await me(api, s.headers)).statusCode).toBe(401)
  })

  test('a talent written elsewhere shows in the next list (the data version moved)', async ({
    api,
  }) => {
    const s = await signedInAndCached(api)
    const list = () => api.app.inject({ url: '/api/talents?limit=5', headers: s.headers })
    expect((await list()).json()).toEqual([])
    await insertTalent(api.database.db, { fullName: 'Ada Byron', email: 'ada@example.com' })
    expect((await list()).json()).toMatchObject([{ email: 'ada@example.com' }])
  })
})

// The point of the cache: on the embedded engine a signed-in request makes no query at all. A
// rename is DDL, which fires no trigger, so only a lookup that skips the database still works.
test.runIf(testEngine() === 'pglite')(
  'PGlite: a repeat request reads its session from memory',
  async ({ api }) => {
    const s = await signedInAndCached(api)
    await api.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_aside`)
    try {
      expect((await me(api, s.headers)).statusCode).toBe(200)
    } finally {
      await api.database.db.execute(sql`ALTER TABLE sessions_aside RENAME TO sessions`)
    }
  },
)

// A write moves the talents' data version many times a second during an import; the move says
// what the version became (migration 0022), so cached sessions stay and no request queries for it.
test.runIf(testEngine() === 'pglite')(
  'PGlite: a talent write keeps sessions in memory, and the next list shows the talent',
  async ({ api }) => {
    const s = await signedInAndCached(api)
    const list = () => api.app.inject({ url: '/api/talents?limit=5', headers: s.headers })
    expect((await list()).json()).toEqual([])
    await insertTalent(api.database.db, { fullName: 'Ada Byron', email: 'ada@example.com' })
    await api.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_aside`)
    try {
      const after = await list()
      expect(after.statusCode).toBe(200)
      expect(after.json()).toMatchObject([{ email: 'ada@example.com' }])
    } finally {
      await api.database.db.execute(sql`ALTER TABLE sessions_aside RENAME TO sessions`)
    }
  },
)

// A session is touched at most once a minute; the touch used to make the cache forget every
// session, so each request then read its session again and, on the embedded engine, waited out
// any transaction under way (a 10,000-talent bulk action: ~2.3 s). Migration 0026.
test.runIf(testEngine() === 'pglite')(
  "PGlite: a session's touch keeps every session in memory, and its request does not wait for it",
  async ({ api }) => {
    const a = await signedInAndCached(api)
    const b = await signedInAndCached(api)
    await api.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(sessions.userId, a.user.id))
    await api.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_aside`)
    try {
      // b: from memory. a: due for a touch, which cannot be written now; the request is answered.
      expect((await me(api, b.headers)).statusCode).toBe(200)
      expect((await me(api, a.headers)).statusCode).toBe(200)
    } finally {
      await api.database.db.execute(sql`ALTER TABLE sessions_aside RENAME TO sessions`)
    }
  },
)
