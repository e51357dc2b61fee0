import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect } from 'vitest'
import {
  loginMfaEnableResponseSchema,
  loginStepResponseSchema,
  mfaSetupResponseSchema,
} from '#shared/mfa.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { useStepClock } from '#tests/support/mfa-clock.ts'
import { enrolUser, totpCode } from '#tests/support/mfa.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { loginThrottle, users } from '../../db/schema.ts'
import { createSession } from '../sessions.ts'
import { MFA_NO_SETUP, SESSION_ENDED_BY_CODES, WRONG_PASSWORD } from './service.ts'

/**
 * Security rule 46: a second factor needs the password. A session alone (a stolen token) can neither
 * start a setup nor finish one; binding or changing the factor ends the person's other sessions.
 */
let clock: ReturnType<typeof useStepClock>
beforeEach(() => {
  clock = useStepClock()
})
afterEach(() => clock.restore())

function setup(caller: SignedIn, body: object) {
  return caller.inject('POST', '/api/auth/mfa/setup', body)
}

/** Another signed-in session of the same user, as another browser would hold. */
async function anotherSession(api: Api, caller: SignedIn): Promise<SignedIn> {
  const { token, sessionId } = await createSession(api.database.db, api.config, caller.user.id)
  const headers = { authorization: `Bearer ${token}` }
  return {
    ...caller,
    token,
    sessionId,
    headers,
    inject: (method, url, body) =>
      api.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) }),
  }
}

async function pendingSecret(api: Api, userId: number) {
  const [row] = await api.database.db
    .select({ pending: users.mfaPendingSecretEnc })
    .from(users)
    .where(eq(users.id, userId))
  return row?.pending ?? null
}

test('security rule 46: setting up two-factor needs the current password; a wrong one is a clear 400 and hands out nothing', async ({
  api,
}) => {
  const caller = await api.signIn()
  const none = await setup(caller, {})
  expect(none.statusCode).toBe(400)
  expect(none.json<{ message: string }>().message).toContain('Enter your password')
  expect((await caller.inject('POST', '/api/auth/mfa/setup')).statusCode).toBe(400)

  const wrong = await setup(caller, { password: `${TEST_PASSWORD}x` })
  expect(wrong.statusCode).toBe(400)
  expect(wrong.json()).toEqual({
    message: WRONG_PASSWORD,
    fieldErrors: { password: [WRONG_PASSWORD] },
  })
  expect(wrong.body).not.toContain('otpauth')
  expect(await pendingSecret(api, caller.user.id)).toBeNull()
  // Nothing to confirm: a code cannot finish a setup that was never handed out.
  const enable = await caller.inject('POST', '/api/auth/mfa/enable', { code: '123456' })
  expect(enable.json<{ message: string }>().message).toBe(MFA_NO_SETUP)

  const right = await setup(caller, { password: TEST_PASSWORD })
  expect(right.statusCode, right.body).toBe(200)
  expect(mfaSetupResponseSchema.parse(right.json()).otpauthUrl).toMatch(/^otpauth:\/\/totp\//)
  expect(await pendingSecret(api, caller.user.id)).not.toBeNull()
})

test('security rule 46, 30: wrong passwords at setup are counted like other signed-in password checks — the fifth ends the session', async ({
  api,
}) => {
  const caller = await api.signIn()
  for (let i = 0; i < 4; i++) {
    expect((await setup(caller, { password: 'not-my-password' })).statusCode).toBe(400)
  }
  // The account counted them as failures too (security rule 6 b).
  const [account] = await api.database.db
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.key, `account:${caller.user.email}`))
  expect(account?.consecutiveFailures).toBe(4)
  const fifth = await setup(caller, { password: 'not-my-password' })
  expect(fifth.statusCode).toBe(401)
  expect(fifth.json()).toEqual({ message: SESSION_ENDED_BY_CODES })
  expect((await caller.inject('GET', '/api/auth/me')).statusCode).toBe(401)
  expect(await pendingSecret(api, caller.user.id)).toBeNull()
})

test("security rule 46: after an admin's two-factor reset a session alone still cannot enrol; the sign-in's enrolment step (password just verified) still works", async ({
  api,
}) => {
  const admin = await api.as('admin')
  const person = await api.makeUser()
  await enrolUser(api.database.db, person.id)
  const reset = await admin.inject('POST', `/api/users/${person.id}/reset-mfa`)
  expect(reset.statusCode, reset.body).toBe(200)
  // A session that outlived the reset (stolen, or minted some other way) holds no password.
  const { token } = await createSession(api.database.db, api.config, person.id)
  const headers = { authorization: `Bearer ${token}` }
  const stolen = await api.app.inject({
    method: 'POST',
    url: '/api/auth/mfa/setup',
    headers,
    payload: { password: 'guess-1234' },
  })
  expect(stolen.statusCode).toBe(400)
  expect(await pendingSecret(api, person.id)).toBeNull()

  // The person signs in: the password, then enrolment, then a session.
  const login = await api.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: TEST_PASSWORD },
  })
  const step = loginStepResponseSchema.parse(login.json())
  if (!('mfaEnrollmentRequired' in step)) throw new Error(`expected enrolment, got ${login.body}`)
  const qr = await api.app.inject({
    method: 'POST',
    url: '/api/auth/login/mfa/setup',
    payload: { mfaToken: step.mfaToken },
  })
  const { secret } = mfaSetupResponseSchema.parse(qr.json())
  const enabled = await api.app.inject({
    method: 'POST',
    url: '/api/auth/login/mfa/enable',
    payload: { mfaToken: step.mfaToken, code: totpCode(secret) },
  })
  expect(enabled.statusCode, enabled.body).toBe(200)
  const { token: fresh } = loginMfaEnableResponseSchema.parse(enabled.json())
  // Enrolling ended the session that held no password; the new one works.
  const me = (bearer: string) =>
    api.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${bearer}` } })
  expect((await me(token)).statusCode).toBe(401)
  expect((await me(fresh)).statusCode).toBe(200)
})

test("security rule 46: turning two-factor on ends the person's other sessions and keeps this one; turning it off does too", async ({
  api,
}) => {
  const caller = await api.signIn()
  const otherBrowser = await anotherSession(api, caller)
  const colleague = await api.signIn()
  const started = mfaSetupResponseSchema.parse(
    (await setup(caller, { password: TEST_PASSWORD })).json(),
  )
  const enable = await caller.inject('POST', '/api/auth/mfa/enable', {
    code: totpCode(started.secret),
  })
  expect(enable.statusCode, enable.body).toBe(200)
  expect((await caller.inject('GET', '/api/auth/me')).statusCode).toBe(200)
  expect((await otherBrowser.inject('GET', '/api/auth/me')).statusCode).toBe(401)
  expect((await colleague.inject('GET', '/api/auth/me')).statusCode).toBe(200)

  // Changing it (off, to set up anew) ends the others again.
  clock.advanceSteps(1)
  const thirdBrowser = await anotherSession(api, caller)
  const off = await caller.inject('POST', '/api/auth/mfa/disable', {
    password: TEST_PASSWORD,
    code: totpCode(started.secret),
  })
  expect(off.statusCode, off.body).toBe(200)
  expect((await caller.inject('GET', '/api/auth/me')).statusCode).toBe(200)
  expect((await thirdBrowser.inject('GET', '/api/auth/me')).statusCode).toBe(401)
})
