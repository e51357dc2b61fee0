import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect } from 'vitest'
import {
  CODE_FORMAT_MESSAGE,
  loginStepResponseSchema,
  mfaSetupResponseSchema,
  MFA_TOKEN_MESSAGE,
} from '#shared/mfa.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'
import { useStepClock } from '#tests/support/mfa-clock.ts'
import { challengeFor, enrolUser, pendingSetup, totpCode } from '#tests/support/mfa.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { users } from '../../db/schema.ts'
import { CHALLENGE_MINUTES } from './challenges.ts'
import { MFA_LOGIN_WRONG_CODE, MFA_WRONG_CODE, SESSION_ENDED_BY_CODES } from './service.ts'

// The cases mfa.test.ts and admin-and-sessions.test.ts
// leave out: the sign-in's enrolment step (when an admin requires two-factor), wrong codes when
// turning it off, and an mfaToken that outlives the password it was given for.

let clock: ReturnType<typeof useStepClock>
beforeEach(() => {
  clock = useStepClock()
})
afterEach(() => clock.restore())

const IP = '203.0.113.9'

function post(api: Api, url: string, payload: object) {
  return api.app.inject({ method: 'POST', url, payload, remoteAddress: IP })
}

/** A user an admin requires two-factor of, not enrolled yet, and the sign-in's enrolment token. */
async function mustEnrol(api: Api) {
  const user = await api.makeUser({ role: 'user' })
  await api.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, user.id))
  return { user, mfaToken: await challengeFor(api.database.db, user.id, 'enroll') }
}

test('enrolment at sign-in: wrong step, malformed codes, expired token, deactivated user', async ({
  api,
}) => {
  const { user, mfaToken } = await mustEnrol(api)
  // The code step's token does not open the enrolment, nor the reverse (admin-and-sessions).
  const enrolled = await api.makeUser()
  await enrolUser(api.database.db, enrolled.id)
  const verifyToken = await challengeFor(api.database.db, enrolled.id, 'verify')
  const wrongStep = await post(api, '/api/auth/login/mfa/setup', { mfaToken: verifyToken })
  expect(wrongStep.statusCode).toBe(401)
  expect(wrongStep.json()).toEqual({ message: MFA_TOKEN_MESSAGE })

  const setup = mfaSetupResponseSchema.parse(
    (await post(api, '/api/auth/login/mfa/setup', { mfaToken })).json(),
  )
  for (const code of ['12345', '1'.repeat(60), 'abcdef']) {
    const response = await post(api, '/api/auth/login/mfa/enable', { mfaToken, code })
    expect(response.statusCode, code).toBe(400)
    expect(response.json<{ message: string }>().message).toContain(CODE_FORMAT_MESSAGE)
  }

  // Deactivated between the password and the code: refused, and the token is gone.
  await api.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
  const inactive = await post(api, '/api/auth/login/mfa/enable', {
    mfaToken,
    code: totpCode(setup.secret),
  })
  expect(inactive.statusCode).toBe(401)
  expect(inactive.json()).toEqual({ message: MFA_TOKEN_MESSAGE })
  await api.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id))
  expect((await post(api, '/api/auth/login/mfa/setup', { mfaToken })).statusCode).toBe(401)

  // Expired: the enrolment token lives CHALLENGE_MINUTES too.
  const late = await challengeFor(api.database.db, user.id, 'enroll')
  clock.advance(CHALLENGE_MINUTES * 60_000 + 1000)
  const expired = await post(api, '/api/auth/login/mfa/setup', { mfaToken: late })
  expect(expired.statusCode).toBe(401)
  expect(expired.json()).toEqual({ message: MFA_TOKEN_MESSAGE })
})

test('enrolment at sign-in: wrong codes are throttled like passwords and logged', async ({
  api,
}) => {
  const { user, mfaToken } = await mustEnrol(api)
  const secret = await pendingSetup(api.database.db, user.id)
  const mark = await activityMark(api.database.db)
  for (let i = 0; i < 4; i++) {
    const wrong = await post(api, '/api/auth/login/mfa/enable', { mfaToken, code: '000000' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: MFA_LOGIN_WRONG_CODE })
  }
  // A new sign-in's token does not start the count again: the fifth locks the account.
  const second = await challengeFor(api.database.db, user.id, 'enroll')
  const fifth = await post(api, '/api/auth/login/mfa/enable', { mfaToken: second, code: '000000' })
  expect(fifth.statusCode).toBe(401)
  const locked = await post(api, '/api/auth/login/mfa/enable', {
    mfaToken: second,
    code: totpCode(secret),
  })
  expect(locked.statusCode).toBe(429)
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
  expect(await activitySince(api.database.db, mark)).toContainEqual(
    expect.objectContaining({ action: 'user.locked', entityId: user.id }),
  )
})

test('security rule 30, 39: five wrong codes when turning it off end the session', async ({
  api,
}) => {
  const caller = await api.signIn()
  await enrolUser(api.database.db, caller.user.id)
  const disable = () =>
    caller.inject('POST', '/api/auth/mfa/disable', { password: TEST_PASSWORD, code: '000000' })
  for (let i = 0; i < 4; i++) {
    const wrong = await disable()
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<{ message: string }>().message).toBe(MFA_WRONG_CODE)
  }
  const fifth = await disable()
  expect(fifth.statusCode).toBe(401)
  expect(fifth.json()).toEqual({ message: SESSION_ENDED_BY_CODES })
  expect((await caller.inject('GET', '/api/auth/me')).statusCode).toBe(401)
})

test('an mfaToken given for a password dies with it: reset, forced change, own change', async ({
  api,
}) => {
  const admin = await api.as('admin')
  const codeStep = (mfaToken: string, secret: string) =>
    post(api, '/api/auth/login/mfa', { mfaToken, code: totpCode(secret) })

  // An admin issues a new temporary password (a suspected stolen password).
  const reset = await api.makeUser()
  const resetSecret = await enrolUser(api.database.db, reset.id)
  const beforeReset = await challengeFor(api.database.db, reset.id, 'verify')
  const resetResponse = await admin.inject('POST', `/api/users/${reset.id}/reset-password`)
  expect(resetResponse.statusCode, resetResponse.body).toBe(200)
  const afterReset = await codeStep(beforeReset, resetSecret)
  expect(afterReset.statusCode).toBe(401)
  expect(afterReset.json()).toEqual({ message: MFA_TOKEN_MESSAGE })

  // An admin forces a password change: every session ends, the half-made one too.
  const forced = await api.makeUser()
  const forcedSecret = await enrolUser(api.database.db, forced.id)
  const beforeForce = await challengeFor(api.database.db, forced.id, 'verify')
  const force = await admin.inject('PATCH', `/api/users/${forced.id}`, {
    role: 'user',
    isActive: true,
    mustChangePassword: true,
    mfaEnabled: false,
  })
  expect(force.statusCode, force.body).toBe(200)
  clock.advanceSteps(1)
  expect((await codeStep(beforeForce, forcedSecret)).statusCode).toBe(401)

  // The person changes their password while signed in elsewhere.
  const owner = await api.signIn()
  const ownerSecret = await enrolUser(api.database.db, owner.user.id)
  const beforeChange = await challengeFor(api.database.db, owner.user.id, 'verify')
  const change = await owner.inject('POST', '/api/auth/change-password', {
    currentPassword: TEST_PASSWORD,
    newPassword: 'Amber-Orchard-Violin-27',
  })
  expect(change.statusCode, change.body).toBe(200)
  clock.advanceSteps(1)
  expect((await codeStep(beforeChange, ownerSecret)).statusCode).toBe(401)

  // A token given after the change works (the rule ends old tokens only).
  const fresh = await post(api, '/api/auth/login', {
    email: owner.user.email,
    password: 'Amber-Orchard-Violin-27',
  })
  const step = loginStepResponseSchema.parse(fresh.json())
  clock.advanceSteps(1)
  const done = await codeStep('mfaToken' in step ? step.mfaToken : '', ownerSecret)
  expect(done.statusCode, done.body).toBe(200)
})
