import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { apiErrorBodySchema } from '#shared/api-error.ts'
import { sessions, users } from '../db/schema.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { loginAs, sealedTempPassword, TEST_PASSWORD } from '#tests/support/test-app.ts'
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from '../passwords/password-policy.ts'
import { verifyPassword } from './passwords.ts'
import {
  CURRENT_PASSWORD_INCORRECT,
  PASSWORD_ALREADY_SET_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from './service.ts'

const NEW_PASSWORD = 'a-brand-new-passphrase'

type Headers = { authorization?: string }

function post(api: Api, url: string, headers: Headers, payload: object) {
  return api.app.inject({ method: 'POST', url, headers, payload })
}
const change = (api: Api, headers: Headers, payload: object) =>
  post(api, '/api/auth/change-password', headers, payload)
const firstTime = (api: Api, headers: Headers, payload: object) =>
  post(api, '/api/auth/first-time-password-change', headers, payload)

async function userRow(api: Api, id: number) {
  const [row] = await api.database.db.select().from(users).where(eq(users.id, id))
  if (!row) throw new Error(`user ${id} vanished`)
  return row
}

/** Signed in with a temporary password (the fixture's mustChange caller has none). */
function mustChangeUser(api: Api) {
  return api.signIn({
    mustChangePassword: true,
    password: 'TempPass1234abcd',
    tempPasswordEnc: sealedTempPassword('TempPass1234abcd'),
    tempPasswordExpiresAt: new Date(Date.now() + 86_400_000),
  })
}

describe('POST /api/auth/change-password (settings: with the current password)', () => {
  test('changes the password, ends every other session, keeps this one', async ({ api }) => {
    const password = TEST_PASSWORD
    const here = await api.signIn()
    const { user } = here
    // A second session of the same person.
    const elsewhere = await loginAs(api.app, user.email, password)
    const response = await change(api, here.headers, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Password changed successfully' })
    expect(await verifyPassword((await userRow(api, user.id)).passwordHash, NEW_PASSWORD)).toBe(
      true,
    )
    expect((await api.app.inject({ url: '/api/auth/me', headers: here.headers })).statusCode).toBe(
      200,
    )
    expect(
      (await api.app.inject({ url: '/api/auth/me', headers: elsewhere.headers })).statusCode,
    ).toBe(401)
    expect(await api.database.db.select().from(sessions)).toHaveLength(1)
    await loginAs(api.app, user.email, NEW_PASSWORD)
    const old = await post(api, '/api/auth/login', {}, { email: user.email, password })
    expect(old.statusCode).toBe(401)
  })

  test('the current password is required and checked', async ({ api }) => {
    const password = TEST_PASSWORD
    const { user, headers } = await api.signIn()
    const missing = await change(api, headers, { newPassword: NEW_PASSWORD })
    expect(missing.statusCode).toBe(400)
    const { fieldErrors } = apiErrorBodySchema.parse(missing.json())
    expect(fieldErrors?.currentPassword).toHaveLength(1)
    const wrong = await change(api, headers, {
      currentPassword: 'nope-nope',
      newPassword: NEW_PASSWORD,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      message: CURRENT_PASSWORD_INCORRECT,
      fieldErrors: { currentPassword: [CURRENT_PASSWORD_INCORRECT] },
    })
    expect(await verifyPassword((await userRow(api, user.id)).passwordHash, password)).toBe(true)
  })

  test.for([
    ['too short', 'short1', 'Password must be at least 8 characters'],
    ['too common', 'baseball1', COMMON_PASSWORD_MESSAGE],
    ['containing the e-mail', 'jane.doe-rocks-2024', PERSONAL_PASSWORD_MESSAGE],
    ['containing the name', 'marguerite-is-great', PERSONAL_PASSWORD_MESSAGE],
  ])('the policy refuses a password %s', async ([, newPassword, message], { api }) => {
    const password = TEST_PASSWORD
    const { headers } = await api.signIn({
      email: 'jane.doe@scout.test',
      firstName: 'Marguerite',
    })
    const response = await change(api, headers, { currentPassword: password, newPassword })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message, fieldErrors: { newPassword: [message] } })
  })

  test('the new password may not equal the current one', async ({ api }) => {
    const password = TEST_PASSWORD
    const { headers } = await api.signIn()
    const response = await change(api, headers, {
      currentPassword: password,
      newPassword: password,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: SAME_PASSWORD_MESSAGE })
  })

  test('unknown fields are refused; anonymous callers get 401', async ({ api }) => {
    const password = TEST_PASSWORD
    const { headers } = await api.signIn()
    const extra = await change(api, headers, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      role: 'admin',
    })
    expect(extra.statusCode).toBe(400)
    expect((await change(api, {}, { newPassword: NEW_PASSWORD })).statusCode).toBe(401)
  })
})

describe('forced change (mustChangePassword): {newPassword} alone', () => {
  test('change-password needs no current password and clears the temporary one', async ({
    api,
  }) => {
    const s = await mustChangeUser(api)
    const response = await change(api, s.headers, { newPassword: NEW_PASSWORD })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Password changed successfully' })
    const row = await userRow(api, s.user.id)
    expect(row).toMatchObject({
      mustChangePassword: false,
      tempPasswordEnc: null,
      tempPasswordExpiresAt: null,
    })
    expect(await verifyPassword(row.passwordHash, NEW_PASSWORD)).toBe(true)
  })

  test('first-time change: 200 with the updated user, other sessions ended', async ({ api }) => {
    const s = await mustChangeUser(api)
    const other = await loginAs(api.app, s.user.email, 'TempPass1234abcd')
    const response = await firstTime(api, s.headers, { newPassword: NEW_PASSWORD })
    expect(response.statusCode).toBe(200)
    const body = response.json<{ message: string; user: { mustChangePassword: boolean } }>()
    expect(body.message).toBe('Password updated successfully')
    expect(body.user).toMatchObject({ id: s.user.id, mustChangePassword: false })
    expect(response.body).not.toContain('passwordHash')
    expect(response.body).not.toContain('tempPassword')
    expect((await userRow(api, s.user.id)).tempPasswordEnc).toBeNull()
    expect((await api.app.inject({ url: '/api/auth/me', headers: other.headers })).statusCode).toBe(
      401,
    )
    // Now an ordinary user: the dashboard routes open up.
    const me = await api.app.inject({ url: '/api/auth/me', headers: s.headers })
    expect(me.json()).toMatchObject({ mustChangePassword: false })
  })

  test('first-time change refuses the temporary password itself and the policy failures', async ({
    api,
  }) => {
    const s = await mustChangeUser(api)
    const same = await firstTime(api, s.headers, { newPassword: 'TempPass1234abcd' })
    expect(same.statusCode).toBe(400)
    expect(same.json()).toMatchObject({ message: SAME_PASSWORD_MESSAGE })
    const common = await firstTime(api, s.headers, { newPassword: 'password123' })
    expect(common.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE })
    expect((await userRow(api, s.user.id)).mustChangePassword).toBe(true)
  })

  test('first-time change is refused for a user whose password is already set', async ({ api }) => {
    const { headers } = await api.signIn()
    const response = await firstTime(api, headers, { newPassword: NEW_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: PASSWORD_ALREADY_SET_MESSAGE })
  })
})
