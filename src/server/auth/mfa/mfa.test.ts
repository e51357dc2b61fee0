import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect } from 'vitest'
import {
  CODE_FORMAT_MESSAGE,
  LOGIN_CODE_FORMAT_MESSAGE,
  loginStepResponseSchema,
  mfaEnableResponseSchema,
  mfaSetupResponseSchema,
  MFA_TOKEN_MESSAGE,
} from '#shared/mfa.ts'
import { loginResponseSchema } from '#shared/auth.ts'
import { userSchema } from '#shared/user.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'
import { useStepClock } from '#tests/support/mfa-clock.ts'
import { enrolUser, totpCode } from '#tests/support/mfa.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { mfaChallenges, mfaRecoveryCodes } from '../../db/mfa-schema.ts'
import { sessions, users } from '../../db/schema.ts'
import {
  MFA_LOGIN_WRONG_CODE,
  MFA_NO_SETUP,
  MFA_REQUIRED_BY_ADMIN,
  MFA_WRONG_CODE,
  SESSION_ENDED_BY_CODES,
  WRONG_PASSWORD,
} from './service.ts'
import { CHALLENGE_MINUTES } from './challenges.ts'

let clock: ReturnType<typeof useStepClock>
beforeEach(() => {
  clock = useStepClock()
})
afterEach(() => clock.restore())

const IP_A = '203.0.113.7'

function post(api: Api, url: string, payload: object, remoteAddress = IP_A) {
  return api.app.inject({ method: 'POST', url, payload, remoteAddress })
}

async function passwordStep(api: Api, email: string): Promise<string> {
  const response = await post(api, '/api/auth/login', { email, password: TEST_PASSWORD })
  expect(response.statusCode, response.body).toBe(200)
  const body = loginStepResponseSchema.parse(response.json())
  if (!('mfaRequired' in body)) throw new Error(`expected mfaRequired, got ${response.body}`)
  return body.mfaToken
}

function codeStep(api: Api, mfaToken: string, code: string) {
  return post(api, '/api/auth/login/mfa', { mfaToken, code })
}

/** A user with two-factor on (secret known to the test) and its recovery codes. */
async function enrolled(api: Api) {
  const caller = await api.signIn()
  const setup = mfaSetupResponseSchema.parse(
    (await caller.inject('POST', '/api/auth/mfa/setup', { password: TEST_PASSWORD })).json(),
  )
  const enable = await caller.inject('POST', '/api/auth/mfa/enable', {
    code: totpCode(setup.secret),
  })
  expect(enable.statusCode, enable.body).toBe(200)
  const { recoveryCodes } = mfaEnableResponseSchema.parse(enable.json())
  // The enabling code's step is spent; sign-ins in these tests use the next one.
  clock.advanceSteps(1)
  return { caller, user: caller.user, secret: setup.secret, recoveryCodes }
}

test('enrolment: a QR URL and key, confirmed by a code; ten recovery codes; secret sealed, codes hashed', async ({
  api,
}) => {
  const caller = await api.signIn()
  const setup = await caller.inject('POST', '/api/auth/mfa/setup', { password: TEST_PASSWORD })
  expect(setup.statusCode).toBe(200)
  const { otpauthUrl, secret } = mfaSetupResponseSchema.parse(setup.json())
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Scout:/)
  expect(otpauthUrl).toContain(`secret=${secret}`)
  expect(otpauthUrl).toContain('period=30')
  expect(otpauthUrl).toContain('digits=6')

  const wrong = await caller.inject('POST', '/api/auth/mfa/enable', { code: '000000' })
  expect(wrong.statusCode).toBe(400)
  expect(wrong.json()).toEqual({ message: MFA_WRONG_CODE, fieldErrors: { code: [MFA_WRONG_CODE] } })

  const enable = await caller.inject('POST', '/api/auth/mfa/enable', { code: totpCode(secret) })
  expect(enable.statusCode, enable.body).toBe(200)
  const body = mfaEnableResponseSchema.parse(enable.json())
  expect(body.recoveryCodes).toHaveLength(10)
  expect(new Set(body.recoveryCodes).size).toBe(10)
  for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
  expect(body.user).toMatchObject({ mfaEnrolled: true, mfaEnabled: false })

  // Security rule 34, 38: the database holds ciphertext and hashes only.
  const [row] = await api.database.db.select().from(users).where(eq(users.id, caller.user.id))
  expect(row?.mfaSecretEnc).toMatch(/^v1:/)
  expect(row?.mfaSecretEnc).not.toContain(secret)
  expect(row?.mfaPendingSecretEnc).toBeNull()
  const stored = await api.database.db
    .select()
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, caller.user.id))
  expect(stored).toHaveLength(10)
  const dump = JSON.stringify(stored)
  for (const code of body.recoveryCodes) {
    expect(dump).not.toContain(code)
    expect(dump).not.toContain(code.replace('-', ''))
  }
  const me = userSchema.parse((await caller.inject('GET', '/api/auth/me')).json())
  expect(me.mfaEnrolled).toBe(true)
  // A second setup is refused while it is on.
  expect(
    (await caller.inject('POST', '/api/auth/mfa/setup', { password: TEST_PASSWORD })).statusCode,
  ).toBe(409)
})

test('bad input at enrolment: no setup, 5 digits, 60 characters, letters, no code', async ({
  api,
}) => {
  const caller = await api.signIn()
  const noSetup = await caller.inject('POST', '/api/auth/mfa/enable', { code: '123456' })
  expect(noSetup.statusCode).toBe(400)
  expect(noSetup.json<{ message: string }>().message).toBe(MFA_NO_SETUP)
  for (const code of ['12345', '1'.repeat(60), 'abcdef', '', 123456]) {
    const response = await caller.inject('POST', '/api/auth/mfa/enable', { code })
    expect(response.statusCode, String(code)).toBe(400)
    expect(response.json<{ message: string }>().message).toContain(CODE_FORMAT_MESSAGE)
  }
  expect((await caller.inject('POST', '/api/auth/mfa/enable', {})).statusCode).toBe(400)
})

test('sign-in: the password alone gives an mfaToken and no session; the code gives the session, once', async ({
  api,
}) => {
  const { user, secret } = await enrolled(api)
  const sessionsBefore = await api.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user.id))
  const response = await post(api, '/api/auth/login', {
    email: user.email,
    password: TEST_PASSWORD,
  })
  expect(response.statusCode).toBe(200)
  const step = loginStepResponseSchema.parse(response.json())
  expect(Object.keys(step).sort()).toEqual(['mfaRequired', 'mfaToken'])
  expect('mfaToken' in step ? step.mfaToken : '').toMatch(/^[\w-]{43}$/)
  expect(response.headers['set-cookie']).toBeUndefined()
  expect(
    await api.database.db.select().from(sessions).where(eq(sessions.userId, user.id)),
  ).toHaveLength(sessionsBefore.length)

  const mfaToken = 'mfaToken' in step ? step.mfaToken : ''
  const done = await codeStep(api, mfaToken, totpCode(secret))
  expect(done.statusCode, done.body).toBe(200)
  const { token } = loginResponseSchema.parse(done.json())
  expect(String(done.headers['set-cookie'])).toContain('scout_session=')
  const me = await api.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  })
  expect(me.statusCode).toBe(200)

  // Single use: the same mfaToken again, even with the next step's good code, is refused.
  clock.advanceSteps(1)
  const reused = await codeStep(api, mfaToken, totpCode(secret))
  expect(reused.statusCode).toBe(401)
  expect(reused.json()).toEqual({ message: MFA_TOKEN_MESSAGE })
})

test('replay: a code already used is refused; one step of drift either way, not two', async ({
  api,
}) => {
  const { user, secret } = await enrolled(api)
  const code = totpCode(secret)
  expect((await codeStep(api, await passwordStep(api, user.email), code)).statusCode).toBe(200)
  const replay = await codeStep(api, await passwordStep(api, user.email), code)
  expect(replay.statusCode).toBe(401)
  expect(replay.json()).toEqual({ message: MFA_LOGIN_WRONG_CODE })

  // The previous step's code (a slow phone) is accepted; so is the next step's (a fast one).
  clock.advanceSteps(2)
  const previous = totpCode(secret, clock.now() - 30_000)
  expect((await codeStep(api, await passwordStep(api, user.email), previous)).statusCode).toBe(200)
  clock.advanceSteps(2)
  const next = totpCode(secret, clock.now() + 30_000)
  expect((await codeStep(api, await passwordStep(api, user.email), next)).statusCode).toBe(200)
  // Two steps away is too far, whichever way.
  clock.advanceSteps(3)
  const old = totpCode(secret, clock.now() - 60_000)
  expect((await codeStep(api, await passwordStep(api, user.email), old)).statusCode).toBe(401)
  const early = totpCode(secret, clock.now() + 60_000)
  expect((await codeStep(api, await passwordStep(api, user.email), early)).statusCode).toBe(401)
})

test('bad input at sign-in: 5-digit, 60-character, expired token, another user, deactivated user', async ({
  api,
}) => {
  const a = await enrolled(api)
  const b = await enrolled(api)
  const mfaToken = await passwordStep(api, a.user.email)
  for (const code of ['12345', 'x'.repeat(60), '1234567']) {
    const response = await codeStep(api, mfaToken, code)
    expect(response.statusCode, code).toBe(400)
    expect(response.json<{ message: string }>().message).toContain(LOGIN_CODE_FORMAT_MESSAGE)
  }
  const badToken = await codeStep(api, 'not-a-token', totpCode(a.secret))
  expect(badToken.statusCode).toBe(400)
  expect(badToken.json<{ message: string }>().message).toContain(MFA_TOKEN_MESSAGE)

  // A's token with B's good code: the code is checked against A's secret.
  const crossed = await codeStep(api, mfaToken, totpCode(b.secret))
  expect(crossed.statusCode).toBe(401)

  // Expired: the token lives CHALLENGE_MINUTES.
  const late = await passwordStep(api, a.user.email)
  clock.advance(CHALLENGE_MINUTES * 60_000 + 1000)
  const expired = await codeStep(api, late, totpCode(a.secret))
  expect(expired.statusCode).toBe(401)
  expect(expired.json()).toEqual({ message: MFA_TOKEN_MESSAGE })

  // Deactivated between the password and the code: refused, and the token is gone.
  const pending = await passwordStep(api, b.user.email)
  await api.database.db.update(users).set({ isActive: false }).where(eq(users.id, b.user.id))
  const inactive = await codeStep(api, pending, totpCode(b.secret))
  expect(inactive.statusCode).toBe(401)
  expect(inactive.json()).toEqual({ message: MFA_TOKEN_MESSAGE })
})

test('recovery codes: each signs in once, typed with or without its hyphen, in any case', async ({
  api,
}) => {
  const { user, recoveryCodes } = await enrolled(api)
  const [first = '', second = ''] = recoveryCodes
  const once = await codeStep(api, await passwordStep(api, user.email), first)
  expect(once.statusCode, once.body).toBe(200)
  const twice = await codeStep(api, await passwordStep(api, user.email), first)
  expect(twice.statusCode).toBe(401)
  const loose = second.replace('-', '').toUpperCase()
  expect((await codeStep(api, await passwordStep(api, user.email), loose)).statusCode).toBe(200)
  const used = await api.database.db
    .select()
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, user.id))
  expect(used.filter((r) => r.usedAt !== null)).toHaveLength(2)
})

test('security rule 39: wrong codes are throttled like passwords, across sign-ins, and logged', async ({
  api,
}) => {
  const { user, secret } = await enrolled(api)
  const mark = await activityMark(api.database.db)
  // Four wrong codes on one token, one more after signing in again with the password: the
  // password's success clears nothing, so the fifth failure locks the account.
  const first = await passwordStep(api, user.email)
  for (let i = 0; i < 4; i++) {
    expect((await codeStep(api, first, '000000')).statusCode).toBe(401)
  }
  const second = await passwordStep(api, user.email)
  expect((await codeStep(api, second, '000000')).statusCode).toBe(401)
  const locked = await codeStep(api, second, totpCode(secret))
  expect(locked.statusCode).toBe(429)
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
  expect(await activitySince(api.database.db, mark)).toContainEqual(
    expect.objectContaining({ action: 'user.locked', entityId: user.id }),
  )
})

test('a token is spent after five wrong codes', async ({ api }) => {
  const { user, secret } = await enrolled(api)
  const token = await passwordStep(api, user.email)
  // The account's lock would answer 429 first; this test is about the token alone.
  const forgetThrottle = () => api.database.db.execute(sql`delete from login_throttle`)
  for (let i = 0; i < 5; i++) {
    await forgetThrottle()
    expect((await codeStep(api, token, '000000')).statusCode).toBe(401)
  }
  expect(
    await api.database.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id)),
  ).toHaveLength(0)
  await forgetThrottle()
  const spent = await codeStep(api, token, totpCode(secret))
  expect(spent.statusCode).toBe(401)
  expect(spent.json()).toEqual({ message: MFA_TOKEN_MESSAGE })
})

test('turning it off needs the password and a code; wrong ones are throttled; not when required', async ({
  api,
}) => {
  const { caller, secret } = await enrolled(api)
  const noCode = await caller.inject('POST', '/api/auth/mfa/disable', { password: TEST_PASSWORD })
  expect(noCode.statusCode).toBe(400)
  const wrongPassword = await caller.inject('POST', '/api/auth/mfa/disable', {
    password: 'nope',
    code: totpCode(secret),
  })
  expect(wrongPassword.statusCode).toBe(400)
  expect(wrongPassword.json<{ message: string }>().message).toBe(WRONG_PASSWORD)
  const wrongCode = await caller.inject('POST', '/api/auth/mfa/disable', {
    password: TEST_PASSWORD,
    code: '000000',
  })
  expect(wrongCode.statusCode).toBe(400)
  expect(wrongCode.json<{ message: string }>().message).toBe(MFA_WRONG_CODE)

  await api.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, caller.user.id))
  const required = await caller.inject('POST', '/api/auth/mfa/disable', {
    password: TEST_PASSWORD,
    code: totpCode(secret),
  })
  expect(required.statusCode).toBe(403)
  expect(required.json<{ message: string }>().message).toBe(MFA_REQUIRED_BY_ADMIN)
  await api.database.db.update(users).set({ mfaEnabled: false }).where(eq(users.id, caller.user.id))

  const off = await caller.inject('POST', '/api/auth/mfa/disable', {
    password: TEST_PASSWORD,
    code: totpCode(secret),
  })
  expect(off.statusCode, off.body).toBe(200)
  const me = userSchema.parse((await caller.inject('GET', '/api/auth/me')).json())
  expect(me.mfaEnrolled).toBe(false)
  const login = await post(api, '/api/auth/login', {
    email: caller.user.email,
    password: TEST_PASSWORD,
  })
  expect(loginResponseSchema.safeParse(login.json()).success).toBe(true)
})

test('security rule 30, 39: five wrong codes while signed in end the session', async ({ api }) => {
  const caller = await api.signIn()
  await caller.inject('POST', '/api/auth/mfa/setup', { password: TEST_PASSWORD })
  for (let i = 0; i < 4; i++) {
    const wrong = await caller.inject('POST', '/api/auth/mfa/enable', { code: '000000' })
    expect(wrong.statusCode).toBe(400)
  }
  const fifth = await caller.inject('POST', '/api/auth/mfa/enable', { code: '000000' })
  expect(fifth.statusCode).toBe(401)
  expect(fifth.json()).toEqual({ message: SESSION_ENDED_BY_CODES })
  expect((await caller.inject('GET', '/api/auth/me')).statusCode).toBe(401)
})

test('a user enrolled by the test helper signs in with a code (helper check)', async ({ api }) => {
  const user = await api.makeUser()
  const secret = await enrolUser(api.database.db, user.id)
  const token = await passwordStep(api, user.email)
  expect((await codeStep(api, token, totpCode(secret))).statusCode).toBe(200)
})
