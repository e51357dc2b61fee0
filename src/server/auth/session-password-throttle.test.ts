import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { loginThrottle } from '../db/schema.ts'
import { truncateAll } from '#tests/support/test-database.ts'
import { createTestApp, createTestUser, loginAs, type TestApp } from '#tests/support/test-app.ts'
import { CURRENT_PASSWORD_INCORRECT, SESSION_ENDED_MESSAGE } from './service.ts'

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

function change(headers: Record<string, string>, currentPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers,
    payload: { currentPassword, newPassword: 'a-brand-new-passphrase' },
  })
}

async function accountRow(email: string) {
  const key = `account:${email}`
  const [row] = await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, key))
  return row
}

test('SECURITY.md 30: the fifth wrong current password ends the session and counts for the account', async () => {
  const { user, password } = await createTestUser(t.database.db)
  const session = await loginAs(t.app, user.email, password)
  for (let i = 0; i < 4; i++) {
    const wrong = await change(session.headers, 'not-my-password')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<{ message: string }>().message).toBe(CURRENT_PASSWORD_INCORRECT)
  }
  const fifth = await change(session.headers, 'not-my-password')
  expect(fifth.statusCode).toBe(401)
  expect(fifth.json<{ message: string }>().message).toBe(SESSION_ENDED_MESSAGE)
  // The session is gone: even the right password is refused now.
  expect((await change(session.headers, password)).statusCode).toBe(401)
  expect(await accountRow(user.email)).toMatchObject({ consecutiveFailures: 5 })
})

test('SECURITY.md 30: a right current password does not count', async () => {
  const { user, password } = await createTestUser(t.database.db)
  const session = await loginAs(t.app, user.email, password)
  for (let i = 0; i < 3; i++) await change(session.headers, 'not-my-password')
  const right = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: session.headers,
    payload: { currentPassword: password, newPassword: password },
  })
  // Refused for being the same password, after the current one was accepted: no count.
  expect(right.statusCode).toBe(400)
  expect((await change(session.headers, 'not-my-password')).statusCode).toBe(400)
  expect((await change(session.headers, 'not-my-password')).statusCode).toBe(401)
})

test('SECURITY.md 30: 15 concurrent wrong current passwords — 4 are answered 400, the rest end the session', async () => {
  const { user, password } = await createTestUser(t.database.db)
  const session = await loginAs(t.app, user.email, password)
  const responses = await Promise.all(
    Array.from({ length: 15 }, () => change(session.headers, 'not-my-password')),
  )
  const codes = responses.map((r) => r.statusCode)
  expect(codes.filter((c) => c === 400)).toHaveLength(4)
  expect(codes.filter((c) => c === 401)).toHaveLength(11)
})
