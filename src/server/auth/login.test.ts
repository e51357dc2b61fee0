import { createHash } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { decodeAuthToken, SESSION_COOKIE } from '#shared/auth.ts'
import { userSchema } from '#shared/user.ts'
import { buildApp } from '../app.ts'
import { sessions, users } from '../db/schema.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { createTestUser, loginAs, sealedTempPassword } from '#tests/support/test-app.ts'
import { LOGIN_FAILED_MESSAGE, TEMP_PASSWORD_EXPIRED_MESSAGE } from './service.ts'

function postLogin(api: Api, payload: object, headers: Record<string, string> = {}) {
  return api.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers })
}

describe('POST /api/auth/login', () => {
  test('signs in: token envelope, user, HttpOnly cookie, hashed session row', async ({ api }) => {
    const { user, password } = await createTestUser(api.database.db, { email: 'ana@scout.test' })
    const before = Date.now()
    const response = await postLogin(api, { email: 'ana@scout.test', password })
    expect(response.statusCode).toBe(200)
    const body = response.json<{ token: string; user: unknown }>()
    expect(userSchema.strict().parse(body.user)).toMatchObject({
      id: user.id,
      email: 'ana@scout.test',
      role: 'user',
      mustChangePassword: false,
    })
    // Security rule 16: the hash never leaves the server.
    expect(response.body).not.toContain('passwordHash')
    expect(response.body).not.toContain('$argon2')

    const payload = decodeAuthToken(body.token)
    expect(payload?.sid).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const twelveHours = 12 * 3_600_000
    expect(payload?.exp).toBeGreaterThanOrEqual(before + twelveHours)
    expect(payload?.exp).toBeLessThanOrEqual(Date.now() + twelveHours)

    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeFalsy()
    expect(cookie?.maxAge).toBeGreaterThan(12 * 3600 - 5)
    expect(cookie?.maxAge).toBeLessThanOrEqual(12 * 3600)

    const rows = await api.database.db.select().from(sessions)
    expect(rows).toHaveLength(1)
    const sid = payload?.sid ?? ''
    expect(rows[0]?.secretHash).toBe(createHash('sha256').update(sid).digest('hex'))
    expect(rows[0]?.expiresAt.getTime()).toBe(payload?.exp)
    expect(JSON.stringify(rows)).not.toContain(sid)
  })

  test('e-mails are compared case-insensitively', async ({ api }) => {
    const { password } = await createTestUser(api.database.db, { email: 'Mixed.Case@Scout.Test' })
    expect((await postLogin(api, { email: '  MIXED.case@scout.test ', password })).statusCode).toBe(
      200,
    )
  })

  test('a wrong password and an unknown e-mail get the same 401 body', async ({ api }) => {
    await createTestUser(api.database.db, { email: 'ana@scout.test' })
    const wrong = await postLogin(api, { email: 'ana@scout.test', password: 'not-the-password' })
    const unknown = await postLogin(api, {
      email: 'nobody@scout.test',
      password: 'not-the-password',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
    expect(unknown.body).toBe(wrong.body)
    expect(wrong.cookies).toEqual([])
    expect(await api.database.db.select().from(sessions)).toHaveLength(0)
  })

  test('an inactive user gets the generic failure even with the right password', async ({
    api,
  }) => {
    const { password } = await createTestUser(api.database.db, {
      email: 'gone@scout.test',
      isActive: false,
    })
    const response = await postLogin(api, { email: 'gone@scout.test', password })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
    expect(await api.database.db.select().from(sessions)).toHaveLength(0)
  })

  test('an expired temporary password is refused with its own message, only when right', async ({
    api,
  }) => {
    const { password } = await createTestUser(api.database.db, {
      email: 'late@scout.test',
      mustChangePassword: true,
      tempPasswordEnc: sealedTempPassword('TempPass1234abcd'),
      tempPasswordExpiresAt: new Date(Date.now() - 1000),
    })
    const right = await postLogin(api, { email: 'late@scout.test', password })
    expect(right.statusCode).toBe(401)
    expect(right.json()).toEqual({ message: TEMP_PASSWORD_EXPIRED_MESSAGE })
    const wrong = await postLogin(api, { email: 'late@scout.test', password: 'wrong-password' })
    expect(wrong.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
    expect(await api.database.db.select().from(sessions)).toHaveLength(0)
  })

  test('a temporary password still valid signs in with mustChangePassword', async ({ api }) => {
    const { password } = await createTestUser(api.database.db, {
      email: 'new@scout.test',
      mustChangePassword: true,
      tempPasswordExpiresAt: new Date(Date.now() + 60_000),
    })
    const { user } = await loginAs(api.app, 'new@scout.test', password)
    expect(user.mustChangePassword).toBe(true)
  })

  test('every login creates a new session; both stay valid', async ({ api }) => {
    const { password } = await createTestUser(api.database.db, { email: 'ana@scout.test' })
    const first = await loginAs(api.app, 'ana@scout.test', password)
    const second = await loginAs(api.app, 'ana@scout.test', password)
    expect(first.token).not.toBe(second.token)
    expect(await api.database.db.select().from(sessions)).toHaveLength(2)
    for (const session of [first, second]) {
      const me = await api.app.inject({ url: '/api/auth/me', headers: session.headers })
      expect(me.statusCode).toBe(200)
    }
  })

  test('a hash made with other parameters is upgraded on successful login', async ({ api }) => {
    const { user, password } = await createTestUser(api.database.db, { email: 'old@scout.test' })
    const weak = await hash(password, { memoryCost: 8192, timeCost: 1, parallelism: 1 })
    await api.database.db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.id))
    await loginAs(api.app, 'old@scout.test', password)
    const [row] = await api.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    await loginAs(api.app, 'old@scout.test', password)
  })

  test('the body is strict and validated: unknown field, missing field, wrong type', async ({
    api,
  }) => {
    const extra = await postLogin(api, { email: 'a@b.c', password: 'x', isAdmin: true })
    expect(extra.statusCode).toBe(400)
    expect(extra.json()).toMatchObject({ fieldErrors: { isAdmin: ['Unknown field'] } })
    const missing = await postLogin(api, { email: 'a@b.c' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json<{ fieldErrors: object }>().fieldErrors).toHaveProperty('password')
    const wrongType = await postLogin(api, { email: 'a@b.c', password: 42 })
    expect(wrongType.statusCode).toBe(400)
  })
})

describe('logging (security rule 24)', () => {
  test('logins are logged, passwords, tokens, cookies and Authorization never are', async ({
    api,
  }) => {
    const lines: string[] = []
    const logged = await buildApp({
      database: api.database,
      config: { ...api.config, logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
    })
    try {
      const { password } = await createTestUser(api.database.db, { email: 'logged@scout.test' })
      const ok = await logged.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'logged@scout.test', password },
      })
      const { token } = ok.json<{ token: string }>()
      await logged.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'logged@scout.test', password: 'a-wrong-guess-123' },
      })
      await logged.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}`, cookie: `${SESSION_COOKIE}=${token}` },
      })
      // A serializer that did log headers or bodies would still have to pass redaction.
      logged.log.info({
        req: { headers: { authorization: 'Bearer abc', cookie: 'x=1' } },
        body: { password, newPassword: password },
      })
      const text = lines.join('')
      expect(text).toContain('"event":"login_success"')
      expect(text).toContain('"event":"login_failure"')
      expect(text).toContain('"reason":"wrong_password"')
      expect(text).toMatch(/"time":"\d{4}-\d\d-\d\dT[\d:.]+Z"/)
      for (const secret of [password, 'a-wrong-guess-123', token, 'Bearer abc', 'x=1']) {
        expect(text).not.toContain(secret)
      }
    } finally {
      await logged.close()
    }
  })
})
