import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { loginThrottle } from '../db/schema.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { TEST_PASSWORD as password } from '#tests/support/test-app.ts'
import { CURRENT_PASSWORD_INCORRECT, SESSION_ENDED_MESSAGE } from './service.ts'

function change(api: Api, headers: { authorization?: string }, currentPassword: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers,
    payload: { currentPassword, newPassword: 'a-brand-new-passphrase' },
  })
}

async function accountRow(api: Api, email: string) {
  const key = `account:${email}`
  const [row] = await api.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, key))
  return row
}

test('security rule 30: the fifth wrong current password ends the session and counts for the account', async ({
  api,
}) => {
  const session = await api.as('user')
  const { user } = session
  for (let i = 0; i < 4; i++) {
    const wrong = await change(api, session.headers, 'not-my-password')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<{ message: string }>().message).toBe(CURRENT_PASSWORD_INCORRECT)
  }
  const fifth = await change(api, session.headers, 'not-my-password')
  expect(fifth.statusCode).toBe(401)
  expect(fifth.json<{ message: string }>().message).toBe(SESSION_ENDED_MESSAGE)
  // The session is gone: even the right password is refused now.
  expect((await change(api, session.headers, password)).statusCode).toBe(401)
  expect(await accountRow(api, user.email)).toMatchObject({ consecutiveFailures: 5 })
})

test('security rule 30: a right current password does not count', async ({ api }) => {
  const session = await api.as('user')
  for (let i = 0; i < 3; i++) await change(api, session.headers, 'not-my-password')
  const right = await api.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: session.headers,
    payload: { currentPassword: password, newPassword: password },
  })
  // Refused for being the same password, after the current one was accepted: no count.
  expect(right.statusCode).toBe(400)
  expect((await change(api, session.headers, 'not-my-password')).statusCode).toBe(400)
  expect((await change(api, session.headers, 'not-my-password')).statusCode).toBe(401)
})

test('security rule 30: 15 concurrent wrong current passwords — 4 are answered 400, the rest end the session', async ({
  api,
}) => {
  const session = await api.as('user')
  const responses = await Promise.all(
    Array.from({ length: 15 }, () => change(api, session.headers, 'not-my-password')),
  )
  const codes = responses.map((r) => r.statusCode)
  expect(codes.filter((c) => c === 400)).toHaveLength(4)
  expect(codes.filter((c) => c === 401)).toHaveLength(11)
})
