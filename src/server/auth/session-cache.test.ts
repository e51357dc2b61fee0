import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { sessions, users } from '../db/schema.ts'
import { insertTalent } from '../talents/test-fixtures.ts'
import { testEngine, truncateAll } from '../test-database.ts'
import { createTestApp, createTestUser, loginAs, type TestApp } from '../test-utils.ts'
import { SessionCache } from './session-cache.ts'

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

describe('SessionCache', () => {
  test('a lookup that began before a change is not stored', () => {
    const cache = new SessionCache<string>()
    const began = cache.generation
    cache.invalidate()
    cache.set('key', 'stale row', began)
    expect(cache.get('key')).toBeUndefined()
    cache.set('key', 'fresh row', cache.generation)
    expect(cache.get('key')).toBe('fresh row')
  })

  test('invalidate forgets every entry', () => {
    const cache = new SessionCache<string>()
    cache.set('a', '1', cache.generation)
    cache.set('b', '2', cache.generation)
    cache.invalidate()
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined])
  })
})
