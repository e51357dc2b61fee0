import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect } from 'vitest'
import { loginResponseSchema } from '#shared/auth.ts'
import {
  loginMfaEnableResponseSchema,
  loginStepResponseSchema,
  mfaSetupResponseSchema,
  MFA_TOKEN_MESSAGE,
  resetPasswordResponseSchema,
  sessionInfoSchema,
} from '#shared/mfa.ts'
import { adminUserSchema } from '#shared/user.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'
import { useStepClock } from '#tests/support/mfa-clock.ts'
import { enrolUser, totpCode } from '#tests/support/mfa.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { sessions, users } from '../../db/schema.ts'
import { verifyPassword } from '../passwords.ts'
import { MFA_SELF_CODE } from '../../users/service.ts'
import { SELF_MFA_RESET, SELF_PASSWORD_RESET } from '../../users/resets.ts'

let clock: ReturnType<typeof useStepClock>
beforeEach(() => {
  clock = useStepClock()
})
afterEach(() => clock.restore())

const edit = (overrides: object = {}) => ({
  role: 'user',
  isActive: true,
  mustChangePassword: false,
  mfaEnabled: false,
  ...overrides,
})

function login(api: Api, email: string, password = TEST_PASSWORD, userAgent?: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
  })
}

function post(api: Api, url: string, payload: object) {
  return api.app.inject({ method: 'POST', url, payload })
}

test('an admin requires two-factor: the user enrols at sign-in before getting a session', async ({
  api,
}) => {
  const admin = await api.as('admin')
  const user = await api.makeUser()
  const mark = await activityMark(api.database.db)
  const required = await admin.inject('PATCH', `/api/users/${user.id}`, edit({ mfaEnabled: true }))
  expect(required.statusCode, required.body).toBe(200)
  expect(adminUserSchema.parse(required.json())).toMatchObject({
    mfaEnabled: true,
    mfaEnrolled: false,
  })
  const updated = (await activitySince(api.database.db, mark)).find(
    (entry) => entry.action === 'user.updated',
  )
  expect(updated?.details).toMatchObject({
    changes: [{ field: 'mfaEnabled', from: false, to: true }],
  })

  const step = loginStepResponseSchema.parse((await login(api, user.email)).json())
  expect(Object.keys(step).sort()).toEqual(['mfaEnrollmentRequired', 'mfaToken'])
  const mfaToken = 'mfaToken' in step ? step.mfaToken : ''
  expect(mfaToken).toMatch(/^[\w-]{43}$/)
  // The enrolment token is not a verification token, and gives no session by itself.
  const wrongStep = await post(api, '/api/auth/login/mfa', { mfaToken, code: '123456' })
  expect(wrongStep.statusCode).toBe(401)
  expect(wrongStep.json()).toEqual({ message: MFA_TOKEN_MESSAGE })
  // Enabling before the setup: a clear 400.
  const early = await post(api, '/api/auth/login/mfa/enable', { mfaToken, code: '123456' })
  expect(early.statusCode).toBe(400)

  const setup = mfaSetupResponseSchema.parse(
    (await post(api, '/api/auth/login/mfa/setup', { mfaToken })).json(),
  )
  const enabled = await post(api, '/api/auth/login/mfa/enable', {
    mfaToken,
    code: totpCode(setup.secret),
  })
  expect(enabled.statusCode, enabled.body).toBe(200)
  const body = loginMfaEnableResponseSchema.parse(enabled.json())
  expect(body.recoveryCodes).toHaveLength(10)
  expect(body.user).toMatchObject({ mfaEnabled: true, mfaEnrolled: true })
  expect(String(enabled.headers['set-cookie'])).toContain('scout_session=')
  // The token is spent.
  const again = await post(api, '/api/auth/login/mfa/setup', { mfaToken })
  expect(again.statusCode).toBe(401)
  // Next sign-in asks for a code.
  clock.advanceSteps(1)
  expect(loginStepResponseSchema.parse((await login(api, user.email)).json())).toMatchObject({
    mfaRequired: true,
  })
})

test('reset two-factor (lost phone): enrolment, codes and sessions go; they enrol again; not oneself', async ({
  api,
}) => {
  const admin = await api.as('admin')
  const person = await api.signIn()
  await enrolUser(api.database.db, person.user.id)
  const self = await admin.inject('POST', `/api/users/${admin.user.id}/reset-mfa`)
  expect(self.statusCode).toBe(403)
  expect(self.json()).toEqual({ message: SELF_MFA_RESET })
  expect((await admin.inject('POST', '/api/users/999999/reset-mfa')).statusCode).toBe(404)

  const mark = await activityMark(api.database.db)
  const reset = await admin.inject('POST', `/api/users/${person.user.id}/reset-mfa`)
  expect(reset.statusCode, reset.body).toBe(200)
  expect(reset.json<{ user: unknown }>().user).toMatchObject({
    mfaEnabled: true,
    mfaEnrolled: false,
  })
  expect(await activitySince(api.database.db, mark)).toEqual([
    expect.objectContaining({
      userId: admin.user.id,
      action: 'user.mfa_reset',
      entityId: person.user.id,
    }),
  ])
  expect((await person.inject('GET', '/api/auth/me')).statusCode).toBe(401)
  expect(loginStepResponseSchema.parse((await login(api, person.user.email)).json())).toMatchObject(
    { mfaEnrollmentRequired: true },
  )
})

test('an admin stops requiring two-factor for themself only with a code', async ({ api }) => {
  const admin = await api.as('admin')
  await api.as('otherUser')
  const url = `/api/users/${admin.user.id}`
  const on = await admin.inject('PATCH', url, edit({ role: 'admin', mfaEnabled: true }))
  expect(on.statusCode, on.body).toBe(200)
  const secret = await enrolUser(api.database.db, admin.user.id)
  const noCode = await admin.inject('PATCH', url, edit({ role: 'admin' }))
  expect(noCode.statusCode).toBe(403)
  expect(noCode.json()).toEqual({ message: MFA_SELF_CODE })
  const wrong = await admin.inject('PATCH', url, edit({ role: 'admin', mfaCode: '000000' }))
  expect(wrong.statusCode).toBe(403)
  const right = await admin.inject('PATCH', url, edit({ role: 'admin', mfaCode: totpCode(secret) }))
  expect(right.statusCode, right.body).toBe(200)
  expect(adminUserSchema.parse(right.json()).mfaEnabled).toBe(false)
})

test('forced change keeps the password; Reset password issues a temporary one, shown once', async ({
  api,
}) => {
  const admin = await api.as('admin')
  const person = await api.signIn()
  const forced = await admin.inject(
    'PATCH',
    `/api/users/${person.user.id}`,
    edit({ mustChangePassword: true }),
  )
  expect(adminUserSchema.parse(forced.json())).toMatchObject({
    mustChangePassword: true,
    tempPassword: null,
  })
  // Their sessions ended; the password they know still signs in, and leads to the change.
  expect((await person.inject('GET', '/api/auth/me')).statusCode).toBe(401)
  const signedIn = loginResponseSchema.parse((await login(api, person.user.email)).json())
  expect(signedIn.user.mustChangePassword).toBe(true)

  expect((await admin.inject('POST', `/api/users/${admin.user.id}/reset-password`)).json()).toEqual(
    { message: SELF_PASSWORD_RESET },
  )
  const mark = await activityMark(api.database.db)
  const reset = await admin.inject('POST', `/api/users/${person.user.id}/reset-password`)
  expect(reset.statusCode, reset.body).toBe(200)
  const body = resetPasswordResponseSchema.parse(reset.json())
  expect(body.tempPassword).toMatch(/^[A-Za-z0-9]{16}$/)
  expect(body.user.tempPassword).toBe(body.tempPassword)
  const [row] = await api.database.db.select().from(users).where(eq(users.id, person.user.id))
  expect(await verifyPassword(row?.passwordHash ?? '', body.tempPassword ?? '')).toBe(true)
  expect((await login(api, person.user.email)).statusCode).toBe(401)
  const entries = await activitySince(api.database.db, mark)
  expect(entries).toEqual([expect.objectContaining({ action: 'user.password_reset' })])
  expect(JSON.stringify(entries)).not.toContain(body.tempPassword)
})

test('sessions: a person lists their own, ends one, ends all the others; never another person’s', async ({
  api,
}) => {
  const person = await api.makeUser()
  const chrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
  const here = loginResponseSchema.parse(
    (await login(api, person.email, TEST_PASSWORD, chrome)).json(),
  )
  const there = loginResponseSchema.parse(
    (await login(api, person.email, TEST_PASSWORD, firefox)).json(),
  )
  await login(api, person.email, TEST_PASSWORD, firefox)
  const headers = { authorization: `Bearer ${here.token}` }
  const call = (method: 'GET' | 'DELETE', url: string) => api.app.inject({ method, url, headers })

  const list = sessionInfoSchema.array().parse((await call('GET', '/api/auth/sessions')).json())
  expect(list).toHaveLength(3)
  const current = list.filter((s) => s.current)
  expect(current).toHaveLength(1)
  expect(current[0]).toMatchObject({ browser: 'Chrome', os: 'Linux', ip: '127.0.0.1' })
  expect(list.filter((s) => !s.current)).toEqual([
    expect.objectContaining({ browser: 'Firefox', os: 'Windows' }),
    expect.objectContaining({ browser: 'Firefox', os: 'Windows' }),
  ])
  expect(JSON.stringify(list)).not.toMatch(/secret|hash/i)

  // Someone else's session is not found, and stays.
  const stranger = await api.signIn()
  const theirs = await call('DELETE', `/api/auth/sessions/${stranger.sessionId}`)
  expect(theirs.statusCode).toBe(404)
  expect((await stranger.inject('GET', '/api/auth/me')).statusCode).toBe(200)
  expect((await call('DELETE', '/api/auth/sessions/abc')).statusCode).toBe(400)
  // Without ?others=1 nothing is ended.
  expect((await call('DELETE', '/api/auth/sessions')).statusCode).toBe(400)

  const thereId = list.find((s) => !s.current)?.id ?? 0
  expect((await call('DELETE', `/api/auth/sessions/${thereId}`)).statusCode).toBe(200)
  const others = await call('DELETE', '/api/auth/sessions?others=1')
  expect(others.json()).toMatchObject({ ended: 1 })
  const left = await api.database.db.select().from(sessions).where(eq(sessions.userId, person.id))
  expect(left).toHaveLength(1)
  expect((await call('GET', '/api/auth/me')).statusCode).toBe(200)
  const gone = await api.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${there.token}` },
  })
  expect(gone.statusCode).toBe(401)
  expect((await stranger.inject('GET', '/api/auth/me')).statusCode).toBe(200)
})
