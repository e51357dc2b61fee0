import { resetPasswordResponseSchema } from '#shared/mfa.ts'
import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { adminUserSchema, inviteResponseSchema } from '#shared/user.ts'
import { sessions, talents, users } from '../db/schema.ts'
import { verifyPassword } from '../auth/passwords.ts'
import { TEMP_PASSWORD_EXPIRED_MESSAGE } from '../auth/service.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { loginAs, sealedTempPassword, TEST_PASSWORD } from '#tests/support/test-app.ts'
import { openTempPassword } from './temp-password.ts'
import { INVITE_NOT_SENT_MESSAGE, noSmtpDevMessage } from './invite.ts'
import {
  deleteUser,
  EMAIL_TAKEN,
  KEEP_MUST_CHANGE,
  LAST_ADMIN,
  SELF_DEACTIVATE,
  SELF_DELETE,
  SELF_DEMOTE,
  updateUser,
  USER_DELETED,
  USER_NOT_FOUND,
} from './service.ts'

const NEW_PASSWORD = 'my-own-passphrase-2024'

async function userRow(api: Api, id: number) {
  const [row] = await api.database.db.select().from(users).where(eq(users.id, id))
  return row
}

const invite = (extra: object = {}) => ({
  email: 'New.Person@Example.com',
  firstName: 'New',
  lastName: 'Person',
  role: 'user',
  ...extra,
})

const edit = (extra: object = {}) => ({
  firstName: 'Edited',
  lastName: 'Name',
  role: 'user',
  isActive: true,
  mustChangePassword: false,
  mfaEnabled: false,
  ...extra,
})

describe('GET /api/users', () => {
  test('admins get every user oldest first, with tempPassword and never passwordHash', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const later = await api.makeUser({
      tempPasswordEnc: sealedTempPassword('Abc123Abc123Abc1'),
      mustChangePassword: true,
    })
    const response = await admin.inject('GET', '/api/users')
    expect(response.statusCode).toBe(200)
    const list = adminUserSchema.array().parse(response.json())
    expect(list.map((u) => u.id)).toEqual([admin.user.id, later.id])
    expect(list[1]?.tempPassword).toBe('Abc123Abc123Abc1')
    expect(response.body).not.toMatch(/passwordHash|argon2/)
  })

  test('users get 403 and anonymous callers 401', async ({ api }) => {
    const user = await api.as('user')
    expect((await user.inject('GET', '/api/users')).statusCode).toBe(403)
    const anonymous = await api.as('anonymous')
    expect((await anonymous.inject('GET', '/api/users')).statusCode).toBe(401)
  })
})

describe('POST /api/invite without SMTP', () => {
  test('creates a must-change user with a strong expiring temporary password and returns it', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const before = Date.now()
    const response = await admin.inject('POST', '/api/invite', invite({ role: 'admin' }))
    expect(response.statusCode).toBe(201)
    const body = inviteResponseSchema.parse(response.json())
    const temp = body.tempPassword ?? ''
    // Security rule 4: 16 base62 characters ≈ 95 bits.
    expect(temp).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(body).toMatchObject({
      user: {
        email: 'new.person@example.com',
        firstName: 'New',
        lastName: 'Person',
        role: 'admin',
        isActive: true,
        mustChangePassword: true,
        tempPassword: temp,
      },
      message: INVITE_NOT_SENT_MESSAGE,
      tempPassword: temp,
      devModeMessage: noSmtpDevMessage(temp),
    })
    expect(Object.keys(body).sort()).toEqual(['devModeMessage', 'message', 'tempPassword', 'user'])
    expect(body.devModeMessage).toMatch(/^E-mail is not configured \(SMTP_URL\)/)
    expect(response.body).not.toContain('passwordHash')
    const row = await userRow(api, body.user.id)
    expect(openTempPassword(api.config.secretKey, row?.tempPasswordEnc ?? null)).toBe(temp)
    expect(await verifyPassword(row?.passwordHash ?? '', temp)).toBe(true)
    const expiry = row?.tempPasswordExpiresAt?.getTime() ?? 0
    const week = api.config.tempPasswordDays * 86_400_000
    expect(expiry).toBeGreaterThanOrEqual(before + week)
    expect(expiry).toBeLessThanOrEqual(Date.now() + week)
  })

  test('two invites get different temporary passwords; role defaults to user', async ({ api }) => {
    const admin = await api.as('admin')
    const { role: _role, ...noRole } = invite()
    const a = inviteResponseSchema.parse((await admin.inject('POST', '/api/invite', noRole)).json())
    const b = inviteResponseSchema.parse(
      (await admin.inject('POST', '/api/invite', invite({ email: 'b@example.com' }))).json(),
    )
    expect(a.user.role).toBe('user')
    expect(a.tempPassword).not.toBe(b.tempPassword)
  })

  test('a taken e-mail, in any case, is a 409 on the email field', async ({ api }) => {
    const admin = await api.as('admin')
    await api.makeUser({ email: 'new.person@example.com' })
    const response = await admin.inject('POST', '/api/invite', invite())
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } })
  })

  test('spec section 5 messages, and unknown fields are refused (security rule 14)', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const bad = await admin.inject('POST', '/api/invite', {
      email: 'nope',
      firstName: '',
      lastName: ' ',
      role: 'owner',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      fieldErrors: {
        email: ['Valid email is required'],
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        role: ['Please select a role'],
      },
    })
    for (const extra of [
      { isActive: false },
      { passwordHash: 'x' },
      { mustChangePassword: false },
    ]) {
      const response = await admin.inject('POST', '/api/invite', invite(extra))
      expect(response.statusCode, JSON.stringify(extra)).toBe(400)
    }
    expect(await api.database.db.select().from(users)).toHaveLength(1)
  })

  test('plain users cannot invite', async ({ api }) => {
    const user = await api.as('user')
    expect((await user.inject('POST', '/api/invite', invite())).statusCode).toBe(403)
    expect(await api.database.db.select().from(users)).toHaveLength(1)
  })
})

describe('an invited user', () => {
  test('signs in with the temporary password, must change it, then the temporary one is gone', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const anonymous = await api.as('anonymous')
    const invited = inviteResponseSchema.parse(
      (await admin.inject('POST', '/api/invite', invite())).json(),
    )
    const temp = invited.tempPassword ?? ''
    const session = await loginAs(api.app, 'new.person@example.com', temp)
    expect(session.user.mustChangePassword).toBe(true)
    const asInvited = (method: 'GET' | 'POST', url: string, payload?: object) =>
      api.app.inject({ method, url, headers: session.headers, payload })
    expect((await asInvited('GET', '/api/talents')).statusCode).toBe(403)
    const changed = await asInvited('POST', '/api/auth/first-time-password-change', {
      newPassword: NEW_PASSWORD,
    })
    expect(changed.statusCode).toBe(200)
    expect((await asInvited('GET', '/api/talents')).statusCode).toBe(200)
    const old = await anonymous.inject('POST', '/api/auth/login', {
      email: 'new.person@example.com',
      password: temp,
    })
    expect(old.statusCode).toBe(401)
    await loginAs(api.app, 'new.person@example.com', NEW_PASSWORD)
    const list = adminUserSchema.array().parse((await admin.inject('GET', '/api/users')).json())
    expect(list.find((u) => u.id === invited.user.id)).toMatchObject({
      tempPassword: null,
      mustChangePassword: false,
    })
  })

  test('an expired temporary password is refused; an admin re-issues one with Reset password', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const anonymous = await api.as('anonymous')
    const invited = inviteResponseSchema.parse(
      (await admin.inject('POST', '/api/invite', invite())).json(),
    )
    await api.database.db
      .update(users)
      .set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, invited.user.id))
    const expired = await anonymous.inject('POST', '/api/auth/login', {
      email: invited.user.email,
      password: invited.tempPassword,
    })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({ message: TEMP_PASSWORD_EXPIRED_MESSAGE })
    const reissued = await admin.inject('POST', `/api/users/${invited.user.id}/reset-password`)
    expect(reissued.statusCode).toBe(200)
    const fresh = resetPasswordResponseSchema.parse(reissued.json()).tempPassword ?? ''
    expect(fresh).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(fresh).not.toBe(invited.tempPassword)
    await loginAs(api.app, invited.user.email, fresh)
  })
})

describe('PATCH /api/users/:id', () => {
  test('updates names, role and MFA; answers the admin shape; a role change applies next request', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const other = await api.as('user')
    expect((await other.inject('GET', '/api/users')).statusCode).toBe(403)
    const response = await admin.inject(
      'PATCH',
      `/api/users/${other.user.id}`,
      edit({ role: 'admin', mfaEnabled: true }),
    )
    expect(response.statusCode).toBe(200)
    expect(adminUserSchema.parse(response.json())).toMatchObject({
      id: other.user.id,
      firstName: 'Edited',
      lastName: 'Name',
      role: 'admin',
      mfaEnabled: true,
      tempPassword: null,
    })
    expect(response.body).not.toContain('passwordHash')
    // Same token, no new sign-in: the user is re-read on every request (security rule 9).
    expect((await other.inject('GET', '/api/users')).statusCode).toBe(200)
    const demoted = await admin.inject('PATCH', `/api/users/${other.user.id}`, edit())
    expect(demoted.statusCode).toBe(200)
    expect((await other.inject('GET', '/api/users')).statusCode).toBe(403)
  })

  test('absent names are kept, empty names are cleared', async ({ api }) => {
    const admin = await api.as('admin')
    const user = await api.makeUser()
    const { firstName: _f, lastName: _l, ...noNames } = edit()
    const kept = await admin.inject('PATCH', `/api/users/${user.id}`, noNames)
    expect(kept.json()).toMatchObject({ firstName: 'Test', lastName: 'Person' })
    const cleared = await admin.inject(
      'PATCH',
      `/api/users/${user.id}`,
      edit({ firstName: '', lastName: null }),
    )
    expect(cleared.json()).toMatchObject({ firstName: null, lastName: null })
  })

  test('deactivating ends their sessions at once and they cannot sign in', async ({ api }) => {
    const admin = await api.as('admin')
    const anonymous = await api.as('anonymous')
    const other = await api.as('user')
    expect((await other.inject('GET', '/api/auth/me')).statusCode).toBe(200)
    const response = await admin.inject(
      'PATCH',
      `/api/users/${other.user.id}`,
      edit({ isActive: false }),
    )
    expect(response.json()).toMatchObject({ isActive: false })
    expect(
      await api.database.db.select().from(sessions).where(eq(sessions.userId, other.user.id)),
    ).toHaveLength(0)
    expect((await other.inject('GET', '/api/auth/me')).statusCode).toBe(401)
    const login = await anonymous.inject('POST', '/api/auth/login', {
      email: other.user.email,
      password: TEST_PASSWORD,
    })
    expect(login.statusCode).toBe(401)
  })

  test('forcing a password change keeps their password, ends their sessions, sends them to change it', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const anonymous = await api.as('anonymous')
    const other = await api.as('user')
    const response = await admin.inject(
      'PATCH',
      `/api/users/${other.user.id}`,
      edit({ mustChangePassword: true }),
    )
    const updated = adminUserSchema.parse(response.json())
    expect(updated).toMatchObject({ mustChangePassword: true, tempPassword: null })
    expect((await userRow(api, other.user.id))?.tempPasswordExpiresAt).toBeNull()
    expect((await other.inject('GET', '/api/auth/me')).statusCode).toBe(401)
    // Spec section 4 "forces change at next login": the password they know still works.
    const next = await loginAs(api.app, other.user.email, TEST_PASSWORD)
    expect(next.user.mustChangePassword).toBe(true)
    // ...until they change it, which takes {newPassword} alone (security rule 3).
    const changed = await api.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${next.token}` },
      payload: { newPassword: 'a-brand-new-passphrase-20' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const stale = await anonymous.inject('POST', '/api/auth/login', {
      email: other.user.email,
      password: TEST_PASSWORD,
    })
    expect(stale.statusCode).toBe(401)
  })

  test('an admin may lift a forced change that came with no temporary password', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const other = await api.as('user')
    const url = `/api/users/${other.user.id}`
    await admin.inject('PATCH', url, edit({ mustChangePassword: true }))
    const lifted = await admin.inject('PATCH', url, edit({ mustChangePassword: false }))
    expect(lifted.statusCode, lifted.body).toBe(200)
    expect(adminUserSchema.parse(lifted.json()).mustChangePassword).toBe(false)
  })

  test('a pending temporary password cannot be waived', async ({ api }) => {
    const admin = await api.as('admin')
    const invited = inviteResponseSchema.parse(
      (await admin.inject('POST', '/api/invite', invite())).json(),
    )
    const response = await admin.inject('PATCH', `/api/users/${invited.user.id}`, edit())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: KEEP_MUST_CHANGE,
      fieldErrors: { mustChangePassword: [KEEP_MUST_CHANGE] },
    })
  })

  test('an admin cannot deactivate or demote themself', async ({ api }) => {
    const admin = await api.as('admin')
    await api.makeUser({ role: 'admin' })
    const url = `/api/users/${admin.user.id}`
    const deactivate = await admin.inject('PATCH', url, edit({ role: 'admin', isActive: false }))
    expect(deactivate.statusCode).toBe(403)
    expect(deactivate.json()).toEqual({ message: SELF_DEACTIVATE })
    const demote = await admin.inject('PATCH', url, edit({ role: 'user' }))
    expect(demote.statusCode).toBe(403)
    expect(demote.json()).toEqual({ message: SELF_DEMOTE })
    expect(await userRow(api, admin.user.id)).toMatchObject({ role: 'admin', isActive: true })
    const rename = await admin.inject('PATCH', url, edit({ role: 'admin' }))
    expect(rename.statusCode).toBe(200)
  })

  test('only its own fields, validated (security rule 14), 404 for unknown ids, admins only', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const user = await api.as('user')
    const url = `/api/users/${user.user.id}`
    for (const extra of [
      { email: 'x@example.com' },
      { passwordHash: 'x' },
      { tempPassword: 'x' },
      { id: 1 },
    ]) {
      const response = await admin.inject('PATCH', url, edit(extra))
      expect(response.statusCode, JSON.stringify(extra)).toBe(400)
    }
    const { role: _role, ...noRole } = edit()
    const missingRole = await admin.inject('PATCH', url, noRole)
    expect(missingRole.json()).toMatchObject({ fieldErrors: { role: ['Please select a role'] } })
    const unknown = await admin.inject('PATCH', '/api/users/999999', edit())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: USER_NOT_FOUND })
    expect((await admin.inject('PATCH', '/api/users/abc', edit())).statusCode).toBe(400)
    expect((await user.inject('PATCH', url, edit({ role: 'admin' }))).statusCode).toBe(403)
    expect((await userRow(api, user.user.id))?.role).toBe('user')
  })
})

describe('DELETE /api/users/:id', () => {
  test('deletes the user and their sessions; their talents stay without an adder', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const other = await api.as('user')
    const talentId = await api.makeTalent({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      addedById: other.user.id,
    })
    const response = await admin.inject('DELETE', `/api/users/${other.user.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: USER_DELETED })
    expect(await userRow(api, other.user.id)).toBeUndefined()
    expect(
      await api.database.db.select().from(sessions).where(eq(sessions.userId, other.user.id)),
    ).toHaveLength(0)
    const [talent] = await api.database.db.select().from(talents).where(eq(talents.id, talentId))
    expect(talent).toMatchObject({ fullName: 'Ada Lovelace', addedById: null })
    expect((await other.inject('GET', '/api/auth/me')).statusCode).toBe(401)
    const shown = await admin.inject('GET', `/api/talents/${talentId}`)
    expect(shown.json()).toMatchObject({ addedById: null })
    expect((await admin.inject('DELETE', `/api/users/${other.user.id}`)).statusCode).toBe(404)
  })

  test('an admin cannot delete themself; users cannot delete anyone', async ({ api }) => {
    const admin = await api.as('admin')
    const user = await api.as('user')
    const self = await admin.inject('DELETE', `/api/users/${admin.user.id}`)
    expect(self.statusCode).toBe(403)
    expect(self.json()).toEqual({ message: SELF_DELETE })
    expect((await user.inject('DELETE', `/api/users/${admin.user.id}`)).statusCode).toBe(403)
    expect(await api.database.db.select().from(users)).toHaveLength(2)
  })
})

describe('the last active admin stays (security rule 15)', () => {
  // Through the API the caller is always an active admin, so this guards the service itself
  // (and two admins demoting each other at once).
  test('cannot be demoted, deactivated or deleted', async ({ api }) => {
    const admin = await api.makeUser({ role: 'admin' })
    const caller = await api.makeUser({ role: 'admin', isActive: false })
    const base = { isActive: true, mustChangePassword: false, mfaEnabled: false } as const
    await expect(
      updateUser(api.database.db, api.config, admin.id, { ...base, role: 'user' }, caller),
    ).rejects.toMatchObject({ statusCode: 403, message: LAST_ADMIN })
    await expect(
      updateUser(
        api.database.db,
        api.config,
        admin.id,
        { ...base, role: 'admin', isActive: false },
        caller,
      ),
    ).rejects.toMatchObject({ statusCode: 403, message: LAST_ADMIN })
    await expect(deleteUser(api.database.db, admin.id, caller)).rejects.toMatchObject({
      statusCode: 403,
      message: LAST_ADMIN,
    })
    expect(await userRow(api, admin.id)).toMatchObject({ role: 'admin', isActive: true })
    // An inactive admin is not the last active one: it may go.
    await deleteUser(api.database.db, caller.id, admin)
  })

  test('with a second active admin, one admin may demote another', async ({ api }) => {
    const admin = await api.as('admin')
    const other = await api.signIn({ role: 'admin' })
    const response = await admin.inject('PATCH', `/api/users/${other.user.id}`, edit())
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ role: 'user' })
  })
})
