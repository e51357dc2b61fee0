import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, vi } from 'vitest'
import { adminUserSchema } from '#shared/user.ts'
import { activityLog, loginThrottle } from '../db/schema.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { generateSecretKey } from '../secrets/secret-box.ts'
import { DEFAULT_THROTTLE } from '../config.ts'
import { clientAddressKey } from './client-address.ts'
import { DEVICE_COOKIE, issueDeviceCookie } from './device-cookie.ts'

/**
 * Security rule 6 b–e: strangers' wrong passwords must never lock the owner out of a browser they
 * signed in from before; addresses are keyed per IPv4 /32 and IPv6 /64; an admin can unlock.
 */
const STRANGER = '203.0.113.9'
const OWNER = '198.51.100.7'

function login(api: Api, email: string, password: string, ip: string, device?: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(device === undefined ? {} : { cookies: { [DEVICE_COOKIE]: device } }),
  })
}

/** Signs in from the owner's browser and keeps the device cookie it is given. */
async function ownersDevice(api: Api, email: string): Promise<string> {
  const response = await login(api, email, TEST_PASSWORD, OWNER)
  expect(response.statusCode, response.body).toBe(200)
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE)
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' })
  if (!cookie) throw new Error('no device cookie')
  return cookie.value
}

/**
 * Strangers (many addresses) send wrong passwords until the account is locked; the lock is then
 * held for the hour. Its first steps last 1 and 2 seconds, which a loaded machine outlasts
 * between two requests of a test — and rightly lets a try through the account — so the clock
 * stands while they try.
 */
async function strangersLock(api: Api, email: string): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    for (let i = 0; i < 6; i += 1) await login(api, email, 'wrong-password', `203.0.113.${20 + i}`)
    expect((await login(api, email, TEST_PASSWORD, STRANGER)).statusCode).toBe(429)
  } finally {
    vi.useRealTimers()
  }
  await holdAccountLock(api, email)
}

async function holdAccountLock(api: Api, email: string): Promise<void> {
  const held = await api.database.db
    .update(loginThrottle)
    .set({ lockedUntil: sql`now() + interval '1 hour'` })
    .where(eq(loginThrottle.key, `account:${email}`))
    .returning({ key: loginThrottle.key })
  expect(held).toHaveLength(1)
}

describe('device cookies (security rule 6 d)', () => {
  test('security rule 6 d: strangers lock the account; the browser that signed in before still signs in', async ({
    api,
  }) => {
    const user = await api.makeUser()
    const device = await ownersDevice(api, user.email)
    await strangersLock(api, user.email)
    // From a new browser the owner waits like anyone; from their own browser they are in.
    expect((await login(api, user.email, TEST_PASSWORD, OWNER)).statusCode).toBe(429)
    const own = await login(api, user.email, TEST_PASSWORD, OWNER, device)
    expect(own.statusCode, own.body).toBe(200)
    // The strangers' lock still holds for strangers.
    expect((await login(api, user.email, TEST_PASSWORD, STRANGER)).statusCode).toBe(429)
  })

  test("security rule 6 d: a forged, expired or other account's device cookie counts for nothing", async ({
    api,
  }) => {
    const user = await api.makeUser()
    const other = await api.makeUser()
    const device = await ownersDevice(api, user.email)
    const othersDevice = await ownersDevice(api, other.email)
    await strangersLock(api, user.email)
    const key = api.config.secretKey
    if (!key) throw new Error('tests run with a SECRET_KEY')
    const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000)
    const forged = [
      `${device.slice(0, -2)}AA`, // the signature altered
      issueDeviceCookie(generateSecretKey(), user.email), // signed with another key
      issueDeviceCookie(key, user.email, yearAgo), // genuine but expired
      othersDevice, // genuine, for another account
      'not-a-cookie',
    ]
    for (const cookie of forged) {
      const response = await login(api, user.email, TEST_PASSWORD, OWNER, cookie)
      expect(response.statusCode, cookie).toBe(429)
    }
  })

  test('security rule 6 d: a device cookie has its own 5 failures, then is refused', async ({
    api,
  }) => {
    const user = await api.makeUser()
    const device = await ownersDevice(api, user.email)
    await strangersLock(api, user.email)
    for (let i = 0; i < 5; i += 1) {
      expect((await login(api, user.email, 'wrong-password', OWNER, device)).statusCode).toBe(401)
    }
    // Spent: the right password from that browser now waits like a stranger's.
    expect((await login(api, user.email, TEST_PASSWORD, OWNER, device)).statusCode).toBe(429)
  })

  test('security rule 6 a, d: 50 concurrent wrong passwords with one device cookie — at most 5 verified on it', async ({
    api,
  }) => {
    const user = await api.makeUser()
    const device = await ownersDevice(api, user.email)
    // Held for the hour (strangersLock), the burst meets the device's own limit alone.
    await strangersLock(api, user.email)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login(api, user.email, 'wrong-password', OWNER, device)),
    )
    const verified = answers.filter((a) => a.statusCode === 401).length
    expect(verified).toBeLessThanOrEqual(5)
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true)
  })

  test('a successful sign-in replaces the device cookie; the owner keeps signing in', async ({
    api,
  }) => {
    const user = await api.makeUser()
    const first = await ownersDevice(api, user.email)
    const again = await login(api, user.email, TEST_PASSWORD, OWNER, first)
    const second = again.cookies.find((c) => c.name === DEVICE_COOKIE)?.value
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
  })
})

describe('client addresses (security rule 6 c)', () => {
  test('security rule 6 c: IPv4 by /32, IPv6 by /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1')
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(clientAddressKey('2001:db8:1:2:ffff::9'))
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'))
  })

  test('security rule 6 c: a spray from one IPv6 /64, each failure from another address, slows the /64', async ({
    api,
  }) => {
    // Each failure at another account; the one that reaches the address's limit of accounts
    // starts its first, short wait — which a loaded machine must not outlast: the clock stands.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      for (let i = 1; i <= DEFAULT_THROTTLE.ipMaxAccounts; i += 1) {
        const response = await login(
          api,
          `nobody${i}@x.test`,
          'wrong-password',
          `2001:db8:5:6::${i}`,
        )
        expect(response.statusCode).toBe(401)
      }
      const next = await login(api, 'someone@x.test', 'wrong-password', '2001:db8:5:6:7:8:9:a')
      expect(next.statusCode).toBe(429)
      // Another /64 is another client.
      expect(
        (await login(api, 'someone@x.test', 'wrong-password', '2001:db8:5:7::1')).statusCode,
      ).toBe(401)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('unlock (security rule 6 e)', () => {
  async function entries(api: Api, action: 'user.locked' | 'user.unlocked', userId: number) {
    return api.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, action), eq(activityLog.entityId, userId)))
  }

  test('security rule 6 e: an admin unlocks a locked account; the lock and the unlock are in the activity log', async ({
    api,
  }) => {
    const adminSession = await api.as('admin')
    const admin = adminSession.user
    const user = await api.makeUser()
    // A burst of strangers: the lock is logged, not each refused try. (On a loaded machine the
    // first 1-second lock can end mid-burst and a later failure lock it again: a second entry.)
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(api, user.email, 'wrong-password', `203.0.113.${50 + i}`),
      ),
    )
    const refused = burst.filter((response) => response.statusCode === 429).length
    expect(refused).toBeGreaterThanOrEqual(10)
    const locks = await entries(api, 'user.locked', user.id)
    expect(locks.length).toBeGreaterThanOrEqual(1)
    expect(locks.length).toBeLessThanOrEqual(3)
    await holdAccountLock(api, user.email)
    expect((await login(api, user.email, TEST_PASSWORD, STRANGER)).statusCode).toBe(429)

    const listed = await api.app.inject({ url: '/api/users', headers: adminSession.headers })
    const shown = adminUserSchema.array().parse(listed.json())
    expect(shown.find((u) => u.id === user.id)?.lockedUntil).not.toBeNull()
    expect(shown.find((u) => u.id === admin.id)?.lockedUntil).toBeNull()

    const unlocked = await api.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/unlock`,
      headers: adminSession.headers,
    })
    expect(unlocked.statusCode, unlocked.body).toBe(200)
    expect(unlocked.json()).toEqual({ message: 'Account unlocked' })
    const [entry] = await entries(api, 'user.unlocked', user.id)
    expect(entry?.userId).toBe(admin.id)
    // Signed in at once, from anywhere.
    expect((await login(api, user.email, TEST_PASSWORD, STRANGER)).statusCode).toBe(200)
  })

  test('security rule 6 e: unlocking an account that is not locked changes nothing; an unknown id is 404', async ({
    api,
  }) => {
    const adminSession = await api.as('admin')
    const user = await api.makeUser()
    const unlock = (id: number) =>
      api.app.inject({
        method: 'POST',
        url: `/api/users/${id}/unlock`,
        headers: adminSession.headers,
      })
    expect((await unlock(user.id)).statusCode).toBe(200)
    expect(await entries(api, 'user.unlocked', user.id)).toHaveLength(0)
    const missing = await unlock(999_999)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'User not found' })
  })

  test('security rule 6 e: only admins unlock', async ({ api }) => {
    const session = await api.as('user')
    const colleague = await api.makeUser()
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/users/${colleague.id}/unlock`,
      headers: session.headers,
    })
    expect(response.statusCode).toBe(403)
  })
})
