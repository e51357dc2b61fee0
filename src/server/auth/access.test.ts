import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect } from 'vitest'
import { CROSS_SITE_MESSAGE, MUST_CHANGE_PASSWORD_MESSAGE } from './access.ts'
import { buildApp } from '../app.ts'
import { sessions, users } from '../db/schema.ts'
import type { Db } from '../db/open.ts'
import { databaseTest } from '#tests/support/database-test.ts'
import { createTestUser, loginAs, testConfig, TEST_PASSWORD } from '#tests/support/test-app.ts'

// An app of its own over the fixture's database: it adds stand-in routes before it is ready,
// which the API-test fixture's app (ready when made) cannot.
const test = databaseTest.extend(
  'app',
  { scope: 'file' },
  async ({ database }, { onCleanup }): Promise<FastifyInstance> => {
    const app = await buildApp({
      database,
      config: testConfig({ corsOrigins: ['https://partner.example'] }),
      logger: false,
    })
    onCleanup(() => app.close())
    // Stand-ins for the user and admin routes later issues add.
    app.get('/api/test/user', { config: { access: 'user' } }, () => ({ ok: true }))
    app.get('/api/test/admin', { config: { access: 'admin' } }, () => ({ ok: true }))
    app.post('/api/test/write', { config: { access: 'user' } }, () => ({ ok: true }))
    await app.ready()
    return app
  },
)

async function signIn(
  { app, db }: { app: FastifyInstance; db: Db },
  overrides: Parameters<typeof createTestUser>[1] = {},
) {
  const { user } = await createTestUser(db, overrides)
  return loginAs(app, user.email, TEST_PASSWORD)
}

test('a route without config.access stops the app from starting (security rule 13)', async ({
  database,
}) => {
  const bare = await buildApp({ database, config: testConfig(), logger: false })
  await expect(
    (async () => {
      bare.get('/api/forgotten', () => ({ leaked: true }))
      await bare.ready()
    })(),
  ).rejects.toThrow(/GET \/api\/forgotten must declare config\.access/)
})

describe('access levels', () => {
  test('anonymous: 401 on user and admin routes', async ({ app }) => {
    for (const url of ['/api/test/user', '/api/test/admin', '/api/auth/me']) {
      const response = await app.inject({ url })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'Authentication required' })
    }
  })

  test('user: allowed on user routes, 403 on admin routes', async ({ app, db }) => {
    const s = await signIn({ app, db })
    expect((await app.inject({ url: '/api/test/user', headers: s.headers })).statusCode).toBe(200)
    const admin = await app.inject({ url: '/api/test/admin', headers: s.headers })
    expect(admin.statusCode).toBe(403)
  })

  test('admin: allowed on admin routes; a demotion applies on the next request', async ({
    app,
    db,
  }) => {
    const s = await signIn({ app, db }, { role: 'admin' })
    expect((await app.inject({ url: '/api/test/admin', headers: s.headers })).statusCode).toBe(200)
    await db.update(users).set({ role: 'user' }).where(eq(users.id, s.user.id))
    expect((await app.inject({ url: '/api/test/admin', headers: s.headers })).statusCode).toBe(403)
  })

  test('an inactive user is refused and all their sessions end (security rule 9)', async ({
    app,
    db,
  }) => {
    const s = await signIn({ app, db })
    await loginAs(app, s.user.email)
    await db.update(users).set({ isActive: false }).where(eq(users.id, s.user.id))
    const response = await app.inject({ url: '/api/auth/me', headers: s.headers })
    expect(response.statusCode).toBe(401)
    expect(await db.select().from(sessions)).toHaveLength(0)
  })

  test('must change password: 403 everywhere except me, the two changes and logout', async ({
    app,
    db,
  }) => {
    const s = await signIn({ app, db }, { mustChangePassword: true })
    const blocked = await app.inject({ url: '/api/test/user', headers: s.headers })
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json()).toEqual({ message: MUST_CHANGE_PASSWORD_MESSAGE })
    expect((await app.inject({ url: '/api/test/admin', headers: s.headers })).statusCode).toBe(403)
    expect((await app.inject({ url: '/api/auth/me', headers: s.headers })).statusCode).toBe(200)
    for (const url of ['/api/auth/change-password', '/api/auth/first-time-password-change']) {
      // A policy failure (400), not the gate (403), proves the route is reachable.
      const response = await app.inject({
        method: 'POST',
        url,
        headers: s.headers,
        payload: { newPassword: 'x' },
      })
      expect(response.statusCode).toBe(400)
    }
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers })
    expect(logout.statusCode).toBe(200)
  })
})

describe('cookie writes must be same-origin (security rule 10)', () => {
  const write = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/test/write', headers })

  test('Sec-Fetch-Site cross-site or same-site is refused; same-origin and none pass', async ({
    app,
    db,
  }) => {
    const s = await signIn({ app, db })
    for (const site of ['cross-site', 'same-site']) {
      const response = await write(app, { cookie: s.cookie, 'sec-fetch-site': site })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: CROSS_SITE_MESSAGE })
    }
    for (const site of ['same-origin', 'none']) {
      expect((await write(app, { cookie: s.cookie, 'sec-fetch-site': site })).statusCode).toBe(200)
    }
  })

  test('without Sec-Fetch-Site, the Origin must be our own', async ({ app, db }) => {
    const s = await signIn({ app, db })
    const evil = await write(app, { cookie: s.cookie, origin: 'https://evil.example' })
    expect(evil.statusCode).toBe(403)
    expect((await write(app, { cookie: s.cookie, origin: 'http://localhost:80' })).statusCode).toBe(
      200,
    )
    expect((await write(app, { cookie: s.cookie })).statusCode).toBe(200)
  })

  test('a cross-site login or logout is refused too', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@b.c', password: 'whatever' },
    })
    expect(response.statusCode).toBe(403)
  })

  test('Bearer-authenticated writes are exempt; reads are never checked', async ({ app, db }) => {
    const s = await signIn({ app, db })
    const bearer = await write(app, { ...s.headers, 'sec-fetch-site': 'cross-site' })
    expect(bearer.statusCode).toBe(200)
    const read = await app.inject({
      url: '/api/auth/me',
      headers: { cookie: s.cookie, 'sec-fetch-site': 'cross-site' },
    })
    expect(read.statusCode).toBe(200)
  })

  test('origins listed in CORS_ORIGINS may write and get CORS headers; others get none', async ({
    app,
    db,
  }) => {
    const s = await signIn({ app, db })
    const listed = await write(app, {
      cookie: s.cookie,
      'sec-fetch-site': 'cross-site',
      origin: 'https://partner.example',
    })
    expect(listed.statusCode).toBe(200)
    expect(listed.headers['access-control-allow-origin']).toBe('https://partner.example')
    expect(listed.headers['access-control-allow-credentials']).toBe('true')
    expect(listed.headers['access-control-expose-headers']).toBe(
      'X-Total-Count, X-Total-Count-Estimated, X-Next-Cursor, Retry-After',
    )
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization')
    const other = await app.inject({
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })
})
