import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DEFAULT_THROTTLE } from '../config.ts'
import { loginThrottle } from '../db/schema.ts'
import { TooManyRequestsError } from '../errors.ts'
import { truncateAll } from '../test-database.ts'
import { createTestApp, createTestUser, TEST_PASSWORD, type TestApp } from '../test-utils.ts'
import { LOGIN_FAILED_MESSAGE } from './service.ts'
import { assertNotThrottled, recordLoginFailure } from './throttle.ts'

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

function login(email: string, password: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  })
}

async function row(key: string) {
  const [found] = await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, key))
  return found
}

/** Moves an account's lock into the past, as if its wait had passed. */
async function waitOut(key: string) {
  await t.database.db
    .update(loginThrottle)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginThrottle.key, key))
}

describe('per account (SECURITY.md 6)', () => {
  test('after 5 consecutive failures: 429 with an exponential Retry-After; success resets', async () => {
    const { user } = await createTestUser(t.database.db)
    for (let i = 0; i < 5; i++) {
      expect((await login(user.email, 'wrong-password')).statusCode).toBe(401)
    }
    // Even the right password waits: the throttle answers before the password is checked.
    const refused = await login(user.email, TEST_PASSWORD)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.json<{ message: string }>().message).toMatch(/too many/i)

    await waitOut(`account:${user.email}`)
    expect((await login(user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(user.email, TEST_PASSWORD)).headers['retry-after']).toBe('2')
    await waitOut(`account:${user.email}`)
    expect((await login(user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(user.email, TEST_PASSWORD)).headers['retry-after']).toBe('4')

    await waitOut(`account:${user.email}`)
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect(await row(`account:${user.email}`)).toMatchObject({
      consecutiveFailures: 0,
      lockedUntil: null,
    })
    // The counter starts over: one failure is not throttled again.
    expect((await login(user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  test('unknown e-mails are throttled the same way (no enumeration)', async () => {
    for (let i = 0; i < 5; i++) await login('nobody@scout.test', 'wrong-password')
    const refused = await login('nobody@scout.test', 'wrong-password')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
  })

  test('the delay is capped, and never more than 100 failures an hour', async () => {
    const db = t.database.db
    const target = { ip: '10.9.9.9', email: 'victim@scout.test' }
    const now = new Date()
    for (let i = 0; i < 40; i++) await recordLoginFailure(db, DEFAULT_THROTTLE, target, now)
    const capped = await row('account:victim@scout.test')
    expect(capped?.lockedUntil?.getTime()).toBe(
      now.getTime() + DEFAULT_THROTTLE.accountMaxDelaySeconds * 1000,
    )

    const hourly = { ...DEFAULT_THROTTLE, accountFreeFailures: 1000, accountHourlyMaxFailures: 3 }
    const other = { ip: '10.9.9.8', email: 'other@scout.test' }
    for (let i = 0; i < 2; i++) await recordLoginFailure(db, hourly, other, now)
    await assertNotThrottled(db, other, now)
    await recordLoginFailure(db, hourly, other, now)
    const error = await assertNotThrottled(db, other, now).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TooManyRequestsError)
    expect(error instanceof TooManyRequestsError && error.retryAfterSeconds).toBe(3600)
  })

  test('concurrent failures are all counted (single-statement upserts)', async () => {
    const target = { ip: '10.7.7.7', email: 'race@scout.test' }
    await Promise.all(
      Array.from({ length: 8 }, () => recordLoginFailure(t.database.db, DEFAULT_THROTTLE, target)),
    )
    expect(await row('account:race@scout.test')).toMatchObject({
      consecutiveFailures: 8,
      windowFailures: 8,
    })
    expect(await row('ip:10.7.7.7')).toMatchObject({ windowFailures: 8 })
  })
})

describe('per IP (SECURITY.md 6)', () => {
  test('10 failures in 10 minutes lock the address for 10 minutes; other addresses are fine', async () => {
    const { user } = await createTestUser(t.database.db)
    // Spread over accounts so no account reaches its own limit.
    for (let i = 0; i < 10; i++) {
      const response = await login(`guess${i}@scout.test`, 'wrong-password', '10.1.1.1')
      expect(response.json()).toEqual({ message: LOGIN_FAILED_MESSAGE })
    }
    const refused = await login(user.email, TEST_PASSWORD, '10.1.1.1')
    expect(refused.statusCode).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(590)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect((await login(user.email, TEST_PASSWORD, '10.2.2.2')).statusCode).toBe(200)
  })

  test('failures older than the window do not add up', async () => {
    for (let i = 0; i < 9; i++) await login(`old${i}@scout.test`, 'wrong-password', '10.3.3.3')
    await t.database.db
      .update(loginThrottle)
      .set({ windowStartedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(loginThrottle.key, 'ip:10.3.3.3'))
    await login('new@scout.test', 'wrong-password', '10.3.3.3')
    expect(await row('ip:10.3.3.3')).toMatchObject({ windowFailures: 1, lockedUntil: null })
  })
})
