import { eq, like, or } from 'drizzle-orm'
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

/** Moves an account's lock, and its (address, account) pairs', into the past, as if waited out. */
async function waitOut(api: Api, email: string) {
  await api.database.db
    .update(loginThrottle)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(
      or(eq(loginThrottle.key, `account:${email}`), like(loginThrottle.key, `pair:% ${email}`)),
    )
}

describe('per account (security rule 6)', () => {
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

    await waitOut(api, user.email)
    expect((await login(api, user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(api, user.email, TEST_PASSWORD)).headers['retry-after']).toBe('2')
    await waitOut(api, user.email)
    expect((await login(api, user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(api, user.email, TEST_PASSWORD)).headers['retry-after']).toBe('4')

    await waitOut(api, user.email)
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
    'security rule 6 a: %i concurrent wrong passwords for one account — at most 5 are verified',
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

describe('per address, and per address and account (security rule 6 c)', () => {
  const OFFICE = '10.1.1.1'

  test('security rule 6 c: 10 people × 1 typo from one address, then 20 others with fresh browsers — 20/20 signed in', async ({
    api,
  }) => {
    const typists = await Promise.all(Array.from({ length: 10 }, () => api.makeUser()))
    for (const user of typists) {
      const typo = await login(api, user.email, `${TEST_PASSWORD}x`, OFFICE)
      expect(typo.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
    }
    const others = await Promise.all(Array.from({ length: 20 }, () => api.makeUser()))
    const codes = []
    for (const user of others)
      codes.push((await login(api, user.email, TEST_PASSWORD, OFFICE)).statusCode)
    expect(codes).toEqual(others.map(() => 200))
    // The ten who mistyped get in too.
    for (const user of typists) {
      expect((await login(api, user.email, TEST_PASSWORD, OFFICE)).statusCode).toBe(200)
    }
  }, 120_000)

  test.for(['one account after another', 'round after round'] as const)(
    'security rule 6 c: one address spraying 5 guesses at each of 60 accounts (%s) — at most 5 verified per account, stopped within 150 attempts',
    { timeout: 120_000 },
    async (order, { api }) => {
      const accounts = Array.from({ length: 60 }, (_, i) => `sprayed${i}@scout.test`)
      await Promise.all(accounts.slice(0, 30).map((email) => api.makeUser({ email })))
      const guesses =
        order === 'one account after another'
          ? accounts.flatMap((email) => Array.from({ length: 5 }, () => email))
          : Array.from({ length: 5 }, () => accounts).flat()
      // The spray arrives faster than any wait ends, as a script would send it.
      vi.useFakeTimers({ toFake: ['Date'] })
      const answers: { email: string; status: number }[] = []
      let held
      try {
        for (const email of guesses) {
          answers.push({
            email,
            status: (await login(api, email, 'Summer2024!', '10.6.6.6')).statusCode,
          })
        }
        // The address slows: while its wait lasts even a right password waits.
        held = await login(api, 'sprayed0@scout.test', TEST_PASSWORD, '10.6.6.6')
      } finally {
        vi.useRealTimers()
      }
      expect(answers.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([])
      // 401: the guess reached argon2 verify; 429: refused before it.
      for (const email of accounts) {
        const verified = answers.filter((a) => a.email === email && a.status === 401)
        expect(verified.length, email).toBeLessThanOrEqual(5)
      }
      const firstRefused = answers.findIndex((a) => a.status === 429)
      expect(firstRefused).toBeGreaterThanOrEqual(0)
      expect(firstRefused).toBeLessThan(150)
      // Stopped: nothing after it was verified while the wait lasts.
      expect(answers.slice(firstRefused).filter((a) => a.status === 401)).toEqual([])
      // Not locked for long; and another address is untouched.
      expect(held.statusCode).toBe(429)
      expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(
        DEFAULT_THROTTLE.ipMaxDelaySeconds,
      )
      expect((await login(api, 'sprayed40@scout.test', 'wrong', '10.7.7.7')).statusCode).toBe(401)
    },
  )

  test('security rule 6 c: past the limit each failure from the address waits twice as long, capped', async ({
    api,
  }) => {
    const db = api.database.db
    const config = { ...DEFAULT_THROTTLE, ipMaxAccounts: 3 }
    let now = new Date()
    const waits: number[] = []
    for (let i = 0; i < 12; i++) {
      await recordLoginFailure(db, config, { ip: '10.4.4.4', email: `slow${i}@scout.test` }, now)
      const until = (await row(api, 'ip:10.4.4.4'))?.lockedUntil
      waits.push(until ? (until.getTime() - now.getTime()) / 1000 : 0)
      now = until ?? now
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60, 60])
    expect(await row(api, 'ip:10.4.4.4')).toMatchObject({ consecutiveFailures: 12 })
  })

  test('security rule 6 c: 5 failures from one address hold that address for the account, even after the owner signs in elsewhere', async ({
    api,
  }) => {
    const user = await api.makeUser()
    for (let i = 0; i < 5; i++) {
      expect((await login(api, user.email, 'wrong-password', '10.5.5.5')).statusCode).toBe(401)
    }
    // The account's own wait passes; the pair's is left as it is.
    await api.database.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottle.key, `account:${user.email}`))
    // The owner, elsewhere: the account's count is cleared, the guesser's pair is not.
    expect((await login(api, user.email, TEST_PASSWORD, '10.2.2.2')).statusCode).toBe(200)
    const guesser = await login(api, user.email, TEST_PASSWORD, '10.5.5.5')
    expect(guesser.statusCode).toBe(429)
    expect(guesser.headers['retry-after']).toBe('1')
    // Another account from that address is not held.
    expect((await login(api, 'someone@scout.test', 'wrong-password', '10.5.5.5')).statusCode).toBe(
      401,
    )
  })

  test('failures older than the window do not add up', async ({ api }) => {
    for (let i = 0; i < 9; i++) await login(api, `old${i}@scout.test`, 'wrong-password', '10.3.3.3')
    await api.database.db
      .update(loginThrottle)
      .set({ windowStartedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(loginThrottle.key, 'ip:10.3.3.3'))
    await login(api, 'new@scout.test', 'wrong-password', '10.3.3.3')
    expect(await row(api, 'ip:10.3.3.3')).toMatchObject({
      windowFailures: 1,
      consecutiveFailures: 1,
      lockedUntil: null,
    })
  })
})
