import { createHash, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { decodeAuthToken, encodeAuthToken, SESSION_COOKIE } from '#shared/auth.ts'
import { sessions, users } from '../db/schema.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'
import { testEngine, truncateAll } from '#tests/support/test-database.ts'
import { createTestApp, createTestUser, loginAs, type TestApp } from '#tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  await truncateAll(t.database)
})

function me(headers: Record<string, string>) {
  return t.app.inject({ url: '/api/auth/me', headers })
}

async function signedIn() {
  const { user, password } = await createTestUser(t.database.db)
  return loginAs(t.app, user.email, password)
}

/** A session row written by hand, so a test can choose its expiry and last activity. */
async function handMadeSession(userId: number, expiresAt: Date, lastSeenAt = new Date()) {
  const sid = randomBytes(32).toString('base64url')
  const secretHash = createHash('sha256').update(sid).digest('hex')
  await t.database.db.insert(sessions).values({ userId, secretHash, expiresAt, lastSeenAt })
  return encodeAuthToken({ sid, exp: expiresAt.getTime() })
}

describe('GET /api/auth/me', () => {
  test('answers the user by Bearer token or by cookie; 401 without either', async () => {
    const s = await signedIn()
    const byBearer = await me(s.headers)
    expect(byBearer.statusCode).toBe(200)
    expect(byBearer.json()).toEqual(s.user)
    expect(byBearer.body).not.toContain('passwordHash')
    expect((await me({ cookie: s.cookie })).json()).toEqual(s.user)
    const anonymous = await me({})
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ message: 'Authentication required' })
  })

  test('the user is re-read every request: a role change shows at once', async () => {
    const s = await signedIn()
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, s.user.id))
    expect((await me(s.headers)).json()).toMatchObject({ role: 'admin' })
  })
})

describe('tampered tokens are refused (SECURITY.md 7)', () => {
  test.each([
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
  ])('%s → 401', async (_name, forge) => {
    const s = await signedIn()
    const payload = decodeAuthToken(s.token)
    const forged = forge(payload?.sid ?? '', payload?.exp ?? 0)
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401)
    expect((await me({ cookie: `${SESSION_COOKIE}=${forged}` })).statusCode).toBe(401)
    // The genuine token still works, so the refusal came from the forgery.
    expect((await me(s.headers)).statusCode).toBe(200)
  })
})

describe('expiry is enforced on the server (SECURITY.md 8)', () => {
  test('absolute: a session past its expiry is refused and deleted', async () => {
    const { user } = await createTestUser(t.database.db)
    const live = await handMadeSession(user.id, new Date(Date.now() + 60_000))
    expect((await me({ authorization: `Bearer ${live}` })).statusCode).toBe(200)
    const expired = await handMadeSession(user.id, new Date(Date.now() - 1000))
    expect((await me({ authorization: `Bearer ${expired}` })).statusCode).toBe(401)
    expect(await t.database.db.select().from(sessions)).toHaveLength(1)
  })

  test('idle: no request for longer than SESSION_IDLE_MINUTES ends the session', async () => {
    const s = await signedIn()
    const idleSince = new Date(Date.now() - 29 * 60_000)
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: idleSince })
      .where(eq(sessions.userId, s.user.id))
    expect((await me(s.headers)).statusCode).toBe(200)
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, s.user.id))
    expect((await me(s.headers)).statusCode).toBe(401)
    expect(await t.database.db.select().from(sessions)).toHaveLength(0)
  })

  test('activity is recorded at most once a minute', async () => {
    const s = await signedIn()
    const recent = new Date(Date.now() - 30_000)
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: recent })
      .where(eq(sessions.userId, s.user.id))
    await me(s.headers)
    const [kept] = await t.database.db.select().from(sessions)
    expect(kept?.lastSeenAt.getTime()).toBe(recent.getTime())
    const older = new Date(Date.now() - 5 * 60_000)
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: older })
      .where(eq(sessions.userId, s.user.id))
    await me(s.headers)
    const [touched] = await t.database.db.select().from(sessions)
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 5000)
  })
})

describe('POST /api/auth/logout', () => {
  test('deletes the session row, clears the cookie, and the token stops working', async () => {
    const s = await signedIn()
    const other = await loginAs(t.app, s.user.email)
    const response = await t.app.inject({
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
    expect((await me(s.headers)).statusCode).toBe(401)
    // Only this session ended.
    expect((await me(other.headers)).statusCode).toBe(200)
    expect(await t.database.db.select().from(sessions)).toHaveLength(1)
  })

  test('by cookie (same-origin) it works too', async () => {
    const s = await signedIn()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        cookie: s.cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
    })
    expect(response.statusCode).toBe(200)
    expect(await t.database.db.select().from(sessions)).toHaveLength(0)
  })

  test('without a valid session it still answers 200 and clears the cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out successfully' })
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('')
  })
})

/** Signed in, with the session already looked up once (so a cache, if any, holds it). */
async function signedInAndCached() {
  const { user, password } = await createTestUser(t.database.db)
  const s = await loginAs(t.app, user.email, password)
  expect((await me(s.headers)).statusCode).toBe(200)
  return s
}

// Each change is made behind the app's back, the way another request's transaction makes it:
// the next request must see it, whichever engine, cache or not (SECURITY.md 9).
describe('a cached session never outlives a change', () => {
  test('a role change shows on the next request', async () => {
    const s = await signedInAndCached()
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, s.user.id))
    expect((await me(s.headers)).json()).toMatchObject({ role: 'admin' })
  })

  test('a deactivated user is refused on the next request', async () => {
    const s = await signedInAndCached()
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, s.user.id))
    expect((await me(s.headers)).statusCode).toBe(401)
  })

  test('a deleted session is refused on the next request', async () => {
    const s = await signedInAndCached()
    await t.database.db.delete(sessions).where(eq(sessions.userId, s.user.id))
    expect((await me(s.headers)).statusCode).toBe(401)
  })

  test('a session emptied by TRUNCATE is refused on the next request', async () => {
    const s = await signedInAndCached()
    await t.database.db.execute(sql`TRUNCATE sessions`)
    expect((await me(s.headers)).statusCode).toBe(401)
  })

  test('logout ends the session at once', async () => {
    const s = await signedInAndCached()
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers })
    expect(out.statusCode).toBeLessThan(300)
    expect((await me(s.headers)).statusCode).toBe(401)
  })

  test('a talent written elsewhere shows in the next list (the data version moved)', async () => {
    const s = await signedInAndCached()
    const list = () => t.app.inject({ url: '/api/talents?limit=5', headers: s.headers })
    expect((await list()).json()).toEqual([])
    await insertTalent(t.database.db, { fullName: 'Ada Byron', email: 'ada@example.com' })
    expect((await list()).json()).toMatchObject([{ email: 'ada@example.com' }])
  })
})

// The point of the cache: on the embedded engine a signed-in request makes no query at all. A
// rename is DDL, which fires no trigger, so only a lookup that skips the database still works.
test.runIf(testEngine() === 'pglite')(
  'PGlite: a repeat request reads its session from memory',
  async () => {
    const s = await signedInAndCached()
    await t.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_aside`)
    try {
      expect((await me(s.headers)).statusCode).toBe(200)
    } finally {
      await t.database.db.execute(sql`ALTER TABLE sessions_aside RENAME TO sessions`)
    }
  },
)

// A write moves the talents' data version many times a second during an import; the move says
// what the version became (migration 0022), so cached sessions stay and no request queries for it.
test.runIf(testEngine() === 'pglite')(
  'PGlite: a talent write keeps sessions in memory, and the next list shows the talent',
  async () => {
    const s = await signedInAndCached()
    const list = () => t.app.inject({ url: '/api/talents?limit=5', headers: s.headers })
    expect((await list()).json()).toEqual([])
    await insertTalent(t.database.db, { fullName: 'Ada Byron', email: 'ada@example.com' })
    await t.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_aside`)
    try {
      const after = await list()
      expect(after.statusCode).toBe(200)
      expect(after.json()).toMatchObject([{ email: 'ada@example.com' }])
    } finally {
      await t.database.db.execute(sql`ALTER TABLE sessions_aside RENAME TO sessions`)
    }
  },
)

// A session is touched at most once a minute; the touch used to make the cache forget every
// session, so each request then read its session again and, on the embedded engine, waited out
// any transaction under way (a 10,000-talent bulk action: ~2.3 s). Migration 0026.
test.runIf(testEngine() === 'pglite')(
  "PGlite: a session's touch keeps every session in memory, and its request does not wait for it",
  async () => {
    const a = await signedInAndCached()
    const b = await signedInAndCached()
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(sessions.userId, a.user.id))
    await t.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_aside`)
    try {
      // b: from memory. a: due for a touch, which cannot be written now; the request is answered.
      expect((await me(b.headers)).statusCode).toBe(200)
      expect((await me(a.headers)).statusCode).toBe(200)
    } finally {
      await t.database.db.execute(sql`ALTER TABLE sessions_aside RENAME TO sessions`)
    }
  },
)
