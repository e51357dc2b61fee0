import { eq } from 'drizzle-orm'
import { describe, expect, vi } from 'vitest'
import { DEFAULT_THROTTLE, type ThrottleConfig } from '../config.ts'
import type { Db } from '../db/open.ts'
import { loginThrottle } from '../db/schema.ts'
import { TooManyRequestsError } from '../errors.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { LOGIN_FAILED_MESSAGE } from './service.ts'
import { assertNotThrottled, claimLoginAttempt, type ThrottleKeys } from './throttle.ts'

/** One failure recorded as if claimed and lost (a refusal once locked is part of the count). */
async function recordLoginFailure(
  db: Db,
  config: ThrottleConfig,
  target: ThrottleKeys,
  now = new Date(),
): Promise<void> {
  await claimLoginAttempt(db, config, target, now).catch((error: unknown) => {
    if (!(error instanceof TooManyRequestsError)) throw error
  })
}

function login(api: Api, email: string, password: string, ip = '10.0.0.1') {
  return api.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  })
}

async function row(api: Api, key: string) {
  const [found] = await api.database.db
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key))
  return found
}

/** Moves an account's lock into the past, as if its wait had passed. */
async function waitOut(api: Api, key: string) {
  await api.database.db
    .update(loginThrottle)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginThrottle.key, key))
}

describe('per account (SECURITY.md 6)', () => {
  test('after 5 consecutive failures: 429 with an exponential Retry-After; success resets', async ({
    api,
  }) => {
    const user = await api.makeUser()
    for (let i = 0; i < 5; i++) {
      expect((await login(api, user.email, 'wrong-password')).statusCode).toBe(401)
    }
    // Even the right password waits: the throttle answers before the password is checked.
    const refused = await login(api, user.email, TEST_PASSWORD)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.json<{ message: string }>().message).toMatch(/too many/i)

    await waitOut(api, `account:${user.email}`)
    expect((await login(api, user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(api, user.email, TEST_PASSWORD)).headers['retry-after']).toBe('2')
    await waitOut(api, `account:${user.email}`)
    expect((await login(api, user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(api, user.email, TEST_PASSWORD)).headers['retry-after']).toBe('4')

    await waitOut(api, `account:${user.email}`)
    expect((await login(api, user.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect(await row(api, `account:${user.email}`)).toMatchObject({
      consecutiveFailures: 0,
      lockedUntil: null,
    })
    // The counter starts over: one failure is not throttled again.
    expect((await login(api, user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(api, user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  test('unknown e-mails are throttled the same way (no enumeration)', async ({ api }) => {
    for (let i = 0; i < 5; i++) await login(api, 'nobody@scout.test', 'wrong-password')
    const refused = await login(api, 'nobody@scout.test', 'wrong-password')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
  })

  test('the delay is capped, and never more than 100 failures an hour', async ({ api }) => {
    const db = api.database.db
    let now = new Date()
    // Each failure after its wait (a locked account counts nothing), until the delay is capped.
    for (let i = 0; i < 15; i++) {
      const target = { ip: `10.9.9.${i}`, email: 'victim@scout.test' }
      await recordLoginFailure(db, DEFAULT_THROTTLE, target, now)
      now = (await row(api, 'account:victim@scout.test'))?.lockedUntil ?? now
    }
    const capped = await row(api, 'account:victim@scout.test')
    expect(capped?.consecutiveFailures).toBe(15)
    const lastGap = (capped?.lockedUntil?.getTime() ?? 0) - (capped?.updatedAt.getTime() ?? 0)
    expect(lastGap).toBe(DEFAULT_THROTTLE.accountMaxDelaySeconds * 1000)

    const hourly = { ...DEFAULT_THROTTLE, accountFreeFailures: 1000, accountHourlyMaxFailures: 3 }
    const other = { ip: '10.9.9.8', email: 'other@scout.test' }
    const start = new Date()
    for (let i = 0; i < 2; i++) await recordLoginFailure(db, hourly, other, start)
    await assertNotThrottled(db, other, start)
    await recordLoginFailure(db, hourly, other, start)
    const error = await assertNotThrottled(db, other, start).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TooManyRequestsError)
    expect(error instanceof TooManyRequestsError && error.retryAfterSeconds).toBe(3600)
  })

  test.for([50, 500])(
    'SECURITY.md 6 a: %i concurrent wrong passwords for one account — at most 5 are verified',
    async (burst, { api }) => {
      const user = await api.makeUser()
      // The burst arrives in one instant, as an attacker would send it (on a busy machine 500
      // requests outlast the first 1-second wait, after which one more try is fair).
      vi.useFakeTimers({ toFake: ['Date'] })
      const responses = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          // Many addresses, so only the account's count can hold the burst.
          login(api, user.email, 'wrong-password', `10.8.${Math.floor(i / 200)}.${i % 200}`),
        ),
      )
      vi.useRealTimers()
      const codes = responses.map((r) => r.statusCode)
      // 401 means the password reached argon2 verify; 429 was held before it; 503 never queued.
      expect(codes.filter((c) => c === 401)).toHaveLength(5)
      expect(codes.filter((c) => c !== 401 && c !== 429 && c !== 503)).toEqual([])
      expect(await row(api, `account:${user.email}`)).toMatchObject({ consecutiveFailures: 5 })
    },
  )
})

describe('per IP (SECURITY.md 6)', () => {
  test('10 failures in 10 minutes lock the address for 10 minutes; other addresses are fine', async ({
    api,
  }) => {
    const user = await api.makeUser()
    // Spread over accounts so no account reaches its own limit.
    for (let i = 0; i < 10; i++) {
      const response = await login(api, `guess${i}@scout.test`, 'wrong-password', '10.1.1.1')
      expect(response.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
    }
    const refused = await login(api, user.email, TEST_PASSWORD, '10.1.1.1')
    expect(refused.statusCode).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(590)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect((await login(api, user.email, TEST_PASSWORD, '10.2.2.2')).statusCode).toBe(200)
  })

  test('failures older than the window do not add up', async ({ api }) => {
    for (let i = 0; i < 9; i++) await login(api, `old${i}@scout.test`, 'wrong-password', '10.3.3.3')
    await api.database.db
      .update(loginThrottle)
      .set({ windowStartedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(loginThrottle.key, 'ip:10.3.3.3'))
    await login(api, 'new@scout.test', 'wrong-password', '10.3.3.3')
    expect(await row(api, 'ip:10.3.3.3')).toMatchObject({ windowFailures: 1, lockedUntil: null })
  })
})
