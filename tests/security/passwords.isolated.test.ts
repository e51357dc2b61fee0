import type * as Argon2 from '@node-rs/argon2'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, vi } from 'vitest'
import { hashPassword } from '#server/auth/passwords.ts'
import {
  COMMON_PASSWORD_MESSAGE,
  PERSONAL_PASSWORD_MESSAGE,
} from '#server/passwords/password-policy.ts'
import { LOGIN_FAILED_MESSAGE, TEMP_PASSWORD_EXPIRED_MESSAGE } from '#server/auth/service.ts'
import { ensureAdmin } from '#server/bootstrap.ts'
import { loginThrottle, users } from '#server/db/schema.ts'
import type { Db } from '#server/db/open.ts'
import { createTestUser, loginAs, TEST_PASSWORD } from '../support/test-app.ts'
import { apiTest as test, apiTestWith, type Api, type Caller } from '#tests/support/api-test.ts'

// Counts the argon2 calls running at once and in all, around the real library.
const argon2 = vi.hoisted(() => ({ running: 0, peak: 0, verifies: 0 }))
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>()
  const track =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>, isVerify: boolean) =>
    async (...args: A): Promise<R> => {
      argon2.running++
      argon2.peak = Math.max(argon2.peak, argon2.running)
      if (isVerify) argon2.verifies++
      try {
        return await work(...args)
      } finally {
        argon2.running--
      }
    }
  return { ...real, hash: track(real.hash, false), verify: track(real.verify, true) }
})

// A first start: no admin yet, and no ADMIN_PASSWORD to give one.
const firstStartTest = apiTestWith({ adminPassword: undefined })

function login(api: Api, email: string, password: string) {
  return api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
}

async function storedHash(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id))
  return row?.hash ?? ''
}

describe('security rule 1: argon2id with explicit parameters, rehash on login, 2 at a time', () => {
  test('a stored hash is argon2id m=19456 t=2 p=1 with a ≥ 16-byte salt', async ({ api }) => {
    const { user } = await createTestUser(api.database.db, { password: 'Blue-Kettle-Morning-77' })
    const [, algorithm, version, params, salt] = (await storedHash(api.database.db, user.id)).split(
      '$',
    )
    expect([algorithm, version, params]).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1'])
    expect(Buffer.from(salt ?? '', 'base64').length).toBeGreaterThanOrEqual(16)
  })

  test('a login with a hash made with other parameters stores a current one', async ({ api }) => {
    const user = await api.makeUser()
    const real = await vi.importActual<typeof Argon2>('@node-rs/argon2')
    const weak = await real.hash(TEST_PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 })
    await api.database.db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.id))
    expect((await login(api, user.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect(await storedHash(api.database.db, user.id)).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
    )
  })

  test('a flood of logins never runs more than 2 hashes at once', async () => {
    argon2.peak = 0
    await Promise.all(Array.from({ length: 8 }, (_, i) => hashPassword(`flood-${i}-passphrase`)))
    expect(argon2.peak).toBe(2)
  })
})

describe('security rule 2: the server password policy', () => {
  /** Changes a fresh user's password; `{local}` in it stands for the e-mail's local part. */
  async function change(api: Api, newPassword: string) {
    const local = `kim.lee.${Math.random().toString(36).slice(2, 8)}`
    const s = await api.signIn({ email: `${local}@scout.test`, firstName: 'Horatio' })
    const response = await s.inject('POST', '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: newPassword.replace('{local}', local),
    })
    return { response, s }
  }

  test.for<[name: string, password: string, message: string]>([
    ['7 characters', 'Aq9!zP2', 'Password must be at least 8 characters'],
    ['129 characters', 'x'.repeat(129), 'Password must be at most 128 characters'],
    ['129 astral characters', '😀'.repeat(129), 'Password must be at most 128 characters'],
    ['a common password', 'password123', COMMON_PASSWORD_MESSAGE],
    ['the e-mail local part', 'my-{local}-pass', PERSONAL_PASSWORD_MESSAGE],
    ['the first name', 'Horatio-forever-1', PERSONAL_PASSWORD_MESSAGE],
  ])('%s is refused with the message the UI shows', async ([, password, message], { api }) => {
    const { response } = await change(api, password)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ fieldErrors: { newPassword: [message] } })
  })

  test('8 characters of any script pass with no composition rules; 128 is not truncated', async ({
    api,
  }) => {
    expect((await change(api, 'ñandú-é€')).response.statusCode).toBe(200)
    // Characters, not UTF-16 units: 100 emoji are 100 characters, and they sign in afterwards.
    const emoji = await change(api, '😀'.repeat(100))
    expect(emoji.response.statusCode).toBe(200)
    expect((await login(api, emoji.s.user.email, '😀'.repeat(100))).statusCode).toBe(200)
    const long = `${'correct horse battery staple '.repeat(4)}ABCDEFGHIJKL`
    expect(long).toHaveLength(128)
    const { response, s } = await change(api, long)
    expect(response.statusCode).toBe(200)
    // No truncation: a password that differs only in its last character does not sign in.
    expect((await login(api, s.user.email, `${long.slice(0, -1)}!`)).statusCode).toBe(401)
    expect((await login(api, s.user.email, long)).statusCode).toBe(200)
  })
})

describe('security rule 3: changing a password needs the current one and ends other sessions', () => {
  test('without or with a wrong current password it is refused and nothing changes', async ({
    api,
  }) => {
    const s = await api.signIn()
    const before = await storedHash(api.database.db, s.user.id)
    for (const currentPassword of [undefined, 'Not-The-Password-1']) {
      const response = await s.inject('POST', '/api/auth/change-password', {
        currentPassword,
        newPassword: 'Blue-Kettle-Morning-77',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        fieldErrors: { currentPassword: expect.any(Array) as unknown },
      })
    }
    expect(await storedHash(api.database.db, s.user.id)).toBe(before)
  })

  test('a forced change takes {newPassword} alone; a change ends every other session', async ({
    api,
  }) => {
    const user = await api.makeUser({ mustChangePassword: true })
    const here = await loginAs(api.app, user.email)
    const there = await loginAs(api.app, user.email)
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: here.headers,
      payload: { newPassword: 'Blue-Kettle-Morning-77' },
    })
    expect(response.statusCode).toBe(200)
    const me = (headers: Record<string, string>) =>
      api.app.inject({ url: '/api/auth/me', headers }).then((r) => r.statusCode)
    expect(await me(here.headers)).toBe(200)
    expect(await me(there.headers)).toBe(401)
  })
})

describe('security rule 4: temporary passwords', () => {
  async function invite(admin: Caller, n: number) {
    const response = await admin.inject('POST', '/api/invite', {
      email: `invitee-${n}@example.com`,
      firstName: 'In',
      lastName: 'Vitee',
    })
    expect(response.statusCode).toBe(201)
    return response.json<{ user: { id: number; email: string }; tempPassword: string }>()
  }

  test('≥ 72 bits from the CSPRNG, usable until changed, never again, and they expire', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const invited = await Promise.all([1, 2, 3, 4, 5].map((n) => invite(admin, n)))
    const temps = invited.map((i) => i.tempPassword)
    // 16 base62 characters = 95 bits; all different.
    for (const temp of temps) expect(temp).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(new Set(temps).size).toBe(temps.length)

    const [first, second] = invited
    if (!first || !second) throw new Error('two invites expected')
    // Works while mustChangePassword, and the new password may not be the temporary one.
    const session = await loginAs(api.app, first.user.email, first.tempPassword)
    expect(session.user.mustChangePassword).toBe(true)
    const change = (newPassword: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/auth/first-time-password-change',
        headers: session.headers,
        payload: { newPassword },
      })
    expect((await change(first.tempPassword)).statusCode).toBe(400)
    expect((await change('Blue-Kettle-Morning-77')).statusCode).toBe(200)
    expect((await login(api, first.user.email, first.tempPassword)).statusCode).toBe(401)

    // Expired after TEMP_PASSWORD_DAYS: refused even when right.
    await api.database.db
      .update(users)
      .set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, second.user.id))
    const expired = await login(api, second.user.email, second.tempPassword)
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({ message: TEMP_PASSWORD_EXPIRED_MESSAGE })
  })
})

describe('security rule 5: one answer, one cost, for an unknown e-mail and a wrong password', () => {
  test('the same 401 body, and the same argon2 work (a dummy hash for unknown e-mails)', async ({
    api,
  }) => {
    const user = await api.makeUser()
    argon2.verifies = 0
    const wrong = await login(api, user.email, 'Not-The-Password-1')
    const wrongVerifies = argon2.verifies
    argon2.verifies = 0
    const unknown = await login(api, 'nobody-at-all@scout.test', 'Not-The-Password-1')
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401])
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
    expect(wrongVerifies).toBe(1)
    expect(argon2.verifies).toBe(1)
  })
})

describe('security rule 12: inactive users cannot log in; no default credentials', () => {
  test('an inactive user with the right password gets the generic failure', async ({ api }) => {
    const user = await api.makeUser({ isActive: false })
    const response = await login(api, user.email, TEST_PASSWORD)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
  })

  firstStartTest(
    'a first start without ADMIN_PASSWORD generates one that must be changed; no default works',
    async ({ api }) => {
      const { app, config, database } = api
      const result = await ensureAdmin(database.db, config, { info: () => {}, warn: () => {} })
      if (!result.created) throw new Error('the first admin was not created')
      expect(result.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/)
      // Five guesses: the sixth would meet the account throttle (security rule 6).
      for (const guess of ['admin', 'password', 'changeme', 'Admin123!', 'talentpool']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: config.adminEmail, password: guess },
          remoteAddress: `198.51.100.${guess.length}`,
        })
        expect(response.statusCode, guess).toBe(401)
      }
      await database.db.delete(loginThrottle).where(sql`true`)
      const first = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: config.adminEmail, password: result.generatedPassword },
      })
      expect(first.json()).toMatchObject({ user: { role: 'admin', mustChangePassword: true } })
    },
  )
})
