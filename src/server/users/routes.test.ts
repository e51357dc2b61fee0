import { resetPasswordResponseSchema } from '#shared/mfa.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { adminUserSchema, inviteResponseSchema } from '#shared/user.ts'
import { sessions, talents, users } from '../db/schema.ts'
import { verifyPassword } from '../auth/passwords.ts'
import { TEMP_PASSWORD_EXPIRED_MESSAGE } from '../auth/service.ts'
import { truncateAll } from '#tests/support/test-database.ts'
import {
  createTestApp,
  createTestUser,
  loginAs,
  type LoggedIn,
  sealedTempPassword,
  TEST_PASSWORD,
  type TestApp,
} from '#tests/support/test-app.ts'
import { openTempPassword } from './temp-password.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'
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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
function call(who: LoggedIn | undefined, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: who?.headers ?? {}, payload })
}

async function signedIn(role: 'admin' | 'user' = 'user', names = {}) {
  const { user } = await createTestUser(t.database.db, { role, ...names })
  return { row: user, session: await loginAs(t.app, user.email) }
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id))
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
  test('admins get every user oldest first, with tempPassword and never passwordHash', async () => {
    const admin = await signedIn('admin')
    const { user: later } = await createTestUser(t.database.db, {
      tempPasswordEnc: sealedTempPassword('Abc123Abc123Abc1'),
      mustChangePassword: true,
    })
    const response = await call(admin.session, 'GET', '/api/users')
    expect(response.statusCode).toBe(200)
    const list = adminUserSchema.array().parse(response.json())
    expect(list.map((u) => u.id)).toEqual([admin.row.id, later.id])
    expect(list[1]?.tempPassword).toBe('Abc123Abc123Abc1')
    expect(response.body).not.toMatch(/passwordHash|argon2/)
  })

  test('users get 403 and anonymous callers 401', async () => {
    const user = await signedIn('user')
    expect((await call(user.session, 'GET', '/api/users')).statusCode).toBe(403)
    expect((await call(undefined, 'GET', '/api/users')).statusCode).toBe(401)
  })
})

describe('POST /api/invite without SMTP', () => {
  test('creates a must-change user with a strong expiring temporary password and returns it', async () => {
    const admin = await signedIn('admin')
    const before = Date.now()
    const response = await call(admin.session, 'POST', '/api/invite', invite({ role: 'admin' }))
    expect(response.statusCode).toBe(201)
    const body = inviteResponseSchema.parse(response.json())
    const temp = body.tempPassword ?? ''
    // SECURITY.md 4: 16 base62 characters ≈ 95 bits.
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
    const row = await userRow(body.user.id)
    expect(openTempPassword(t.config.secretKey, row?.tempPasswordEnc ?? null)).toBe(temp)
    expect(await verifyPassword(row?.passwordHash ?? '', temp)).toBe(true)
    const expiry = row?.tempPasswordExpiresAt?.getTime() ?? 0
    const week = t.config.tempPasswordDays * 86_400_000
    expect(expiry).toBeGreaterThanOrEqual(before + week)
    expect(expiry).toBeLessThanOrEqual(Date.now() + week)
  })

  test('two invites get different temporary passwords; role defaults to user', async () => {
    const admin = await signedIn('admin')
    const { role: _role, ...noRole } = invite()
    const a = inviteResponseSchema.parse(
      (await call(admin.session, 'POST', '/api/invite', noRole)).json(),
    )
    const b = inviteResponseSchema.parse(
      (await call(admin.session, 'POST', '/api/invite', invite({ email: 'b@example.com' }))).json(),
    )
    expect(a.user.role).toBe('user')
    expect(a.tempPassword).not.toBe(b.tempPassword)
  })

  test('a taken e-mail, in any case, is a 409 on the email field', async () => {
    const admin = await signedIn('admin')
    await createTestUser(t.database.db, { email: 'new.person@example.com' })
    const response = await call(admin.session, 'POST', '/api/invite', invite())
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } })
  })

  test('spec section 5 messages, and unknown fields are refused (SECURITY.md 14)', async () => {
    const admin = await signedIn('admin')
    const bad = await call(admin.session, 'POST', '/api/invite', {
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
      const response = await call(admin.session, 'POST', '/api/invite', invite(extra))
      expect(response.statusCode, JSON.stringify(extra)).toBe(400)
    }
    expect(await t.database.db.select().from(users)).toHaveLength(1)
  })

  test('plain users cannot invite', async () => {
    const user = await signedIn('user')
    expect((await call(user.session, 'POST', '/api/invite', invite())).statusCode).toBe(403)
    expect(await t.database.db.select().from(users)).toHaveLength(1)
  })
})

describe('an invited user', () => {
  test('signs in with the temporary password, must change it, then the temporary one is gone', async () => {
    const admin = await signedIn('admin')
    const invited = inviteResponseSchema.parse(
      (await call(admin.session, 'POST', '/api/invite', invite())).json(),
    )
    const temp = invited.tempPassword ?? ''
    const session = await loginAs(t.app, 'new.person@example.com', temp)
    expect(session.user.mustChangePassword).toBe(true)
    expect((await call(session, 'GET', '/api/talents')).statusCode).toBe(403)
    const changed = await call(session, 'POST', '/api/auth/first-time-password-change', {
      newPassword: NEW_PASSWORD,
    })
    expect(changed.statusCode).toBe(200)
    expect((await call(session, 'GET', '/api/talents')).statusCode).toBe(200)
    const old = await call(undefined, 'POST', '/api/auth/login', {
      email: 'new.person@example.com',
      password: temp,
    })
    expect(old.statusCode).toBe(401)
    await loginAs(t.app, 'new.person@example.com', NEW_PASSWORD)
    const list = adminUserSchema
      .array()
      .parse((await call(admin.session, 'GET', '/api/users')).json())
    expect(list.find((u) => u.id === invited.user.id)).toMatchObject({
      tempPassword: null,
      mustChangePassword: false,
    })
  })

  test('an expired temporary password is refused; an admin re-issues one with Reset password', async () => {
    const admin = await signedIn('admin')
    const invited = inviteResponseSchema.parse(
      (await call(admin.session, 'POST', '/api/invite', invite())).json(),
    )
    await t.database.db
      .update(users)
      .set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, invited.user.id))
    const expired = await call(undefined, 'POST', '/api/auth/login', {
      email: invited.user.email,
      password: invited.tempPassword,
    })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({ message: TEMP_PASSWORD_EXPIRED_MESSAGE })
    const reissued = await call(
      admin.session,
      'POST',
      `/api/users/${invited.user.id}/reset-password`,
    )
    expect(reissued.statusCode).toBe(200)
    const fresh = resetPasswordResponseSchema.parse(reissued.json()).tempPassword ?? ''
    expect(fresh).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(fresh).not.toBe(invited.tempPassword)
    await loginAs(t.app, invited.user.email, fresh)
  })
})

describe('PATCH /api/users/:id', () => {
  test('updates names, role and MFA; answers the admin shape; a role change applies next request', async () => {
    const admin = await signedIn('admin')
    const other = await signedIn('user')
    expect((await call(other.session, 'GET', '/api/users')).statusCode).toBe(403)
    const response = await call(
      admin.session,
      'PATCH',
      `/api/users/${other.row.id}`,
      edit({ role: 'admin', mfaEnabled: true }),
    )
    expect(response.statusCode).toBe(200)
    expect(adminUserSchema.parse(response.json())).toMatchObject({
      id: other.row.id,
      firstName: 'Edited',
      lastName: 'Name',
      role: 'admin',
      mfaEnabled: true,
      tempPassword: null,
    })
    expect(response.body).not.toContain('passwordHash')
    // Same token, no new sign-in: the user is re-read on every request (SECURITY.md 9).
    expect((await call(other.session, 'GET', '/api/users')).statusCode).toBe(200)
    const demoted = await call(admin.session, 'PATCH', `/api/users/${other.row.id}`, edit())
    expect(demoted.statusCode).toBe(200)
    expect((await call(other.session, 'GET', '/api/users')).statusCode).toBe(403)
  })

  test('absent names are kept, empty names are cleared', async () => {
    const admin = await signedIn('admin')
    const { user } = await createTestUser(t.database.db)
    const { firstName: _f, lastName: _l, ...noNames } = edit()
    const kept = await call(admin.session, 'PATCH', `/api/users/${user.id}`, noNames)
    expect(kept.json()).toMatchObject({ firstName: 'Test', lastName: 'Person' })
    const cleared = await call(
      admin.session,
      'PATCH',
      `/api/users/${user.id}`,
      edit({ firstName: '', lastName: null }),
    )
    expect(cleared.json()).toMatchObject({ firstName: null, lastName: null })
  })

  test('deactivating ends their sessions at once and they cannot sign in', async () => {
    const admin = await signedIn('admin')
    const other = await signedIn('user')
    expect((await call(other.session, 'GET', '/api/auth/me')).statusCode).toBe(200)
    const response = await call(
      admin.session,
      'PATCH',
      `/api/users/${other.row.id}`,
      edit({ isActive: false }),
    )
    expect(response.json()).toMatchObject({ isActive: false })
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, other.row.id)),
    ).toHaveLength(0)
    expect((await call(other.session, 'GET', '/api/auth/me')).statusCode).toBe(401)
    const login = await call(undefined, 'POST', '/api/auth/login', {
      email: other.row.email,
      password: TEST_PASSWORD,
    })
    expect(login.statusCode).toBe(401)
  })

  test('forcing a password change keeps their password, ends their sessions, sends them to change it', async () => {
    const admin = await signedIn('admin')
    const other = await signedIn('user')
    const response = await call(
      admin.session,
      'PATCH',
      `/api/users/${other.row.id}`,
      edit({ mustChangePassword: true }),
    )
    const updated = adminUserSchema.parse(response.json())
    expect(updated).toMatchObject({ mustChangePassword: true, tempPassword: null })
    expect((await userRow(other.row.id))?.tempPasswordExpiresAt).toBeNull()
    expect((await call(other.session, 'GET', '/api/auth/me')).statusCode).toBe(401)
    // Issue 20 (spec section 4 "forces change at next login"): the password they know still works.
    const next = await loginAs(t.app, other.row.email, TEST_PASSWORD)
    expect(next.user.mustChangePassword).toBe(true)
    // ...until they change it, which takes {newPassword} alone (SECURITY.md 3).
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${next.token}` },
      payload: { newPassword: 'a-brand-new-passphrase-20' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const stale = await call(undefined, 'POST', '/api/auth/login', {
      email: other.row.email,
      password: TEST_PASSWORD,
    })
    expect(stale.statusCode).toBe(401)
  })

  test('an admin may lift a forced change that came with no temporary password', async () => {
    const admin = await signedIn('admin')
    const other = await signedIn('user')
    const url = `/api/users/${other.row.id}`
    await call(admin.session, 'PATCH', url, edit({ mustChangePassword: true }))
    const lifted = await call(admin.session, 'PATCH', url, edit({ mustChangePassword: false }))
    expect(lifted.statusCode, lifted.body).toBe(200)
    expect(adminUserSchema.parse(lifted.json()).mustChangePassword).toBe(false)
  })

  test('a pending temporary password cannot be waived', async () => {
    const admin = await signedIn('admin')
    const invited = inviteResponseSchema.parse(
      (await call(admin.session, 'POST', '/api/invite', invite())).json(),
    )
    const response = await call(admin.session, 'PATCH', `/api/users/${invited.user.id}`, edit())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: KEEP_MUST_CHANGE,
      fieldErrors: { mustChangePassword: [KEEP_MUST_CHANGE] },
    })
  })

  test('an admin cannot deactivate or demote themself', async () => {
    const admin = await signedIn('admin')
    await signedIn('admin')
    const url = `/api/users/${admin.row.id}`
    const deactivate = await call(
      admin.session,
      'PATCH',
      url,
      edit({ role: 'admin', isActive: false }),
    )
    expect(deactivate.statusCode).toBe(403)
    expect(deactivate.json()).toEqual({ message: SELF_DEACTIVATE })
    const demote = await call(admin.session, 'PATCH', url, edit({ role: 'user' }))
    expect(demote.statusCode).toBe(403)
    expect(demote.json()).toEqual({ message: SELF_DEMOTE })
    expect(await userRow(admin.row.id)).toMatchObject({ role: 'admin', isActive: true })
    const rename = await call(admin.session, 'PATCH', url, edit({ role: 'admin' }))
    expect(rename.statusCode).toBe(200)
  })

  test('only its own fields, validated (SECURITY.md 14), 404 for unknown ids, admins only', async () => {
    const admin = await signedIn('admin')
    const user = await signedIn('user')
    const url = `/api/users/${user.row.id}`
    for (const extra of [
      { email: 'x@example.com' },
      { passwordHash: 'x' },
      { tempPassword: 'x' },
      { id: 1 },
    ]) {
      const response = await call(admin.session, 'PATCH', url, edit(extra))
      expect(response.statusCode, JSON.stringify(extra)).toBe(400)
    }
    const { role: _role, ...noRole } = edit()
    const missingRole = await call(admin.session, 'PATCH', url, noRole)
    expect(missingRole.json()).toMatchObject({ fieldErrors: { role: ['Please select a role'] } })
    const unknown = await call(admin.session, 'PATCH', '/api/users/999999', edit())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: USER_NOT_FOUND })
    expect((await call(admin.session, 'PATCH', '/api/users/abc', edit())).statusCode).toBe(400)
    expect((await call(user.session, 'PATCH', url, edit({ role: 'admin' }))).statusCode).toBe(403)
    expect((await userRow(user.row.id))?.role).toBe('user')
  })
})

describe('DELETE /api/users/:id', () => {
  test('deletes the user and their sessions; their talents stay without an adder', async () => {
    const admin = await signedIn('admin')
    const other = await signedIn('user')
    const talentId = await insertTalent(t.database.db, {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      addedById: other.row.id,
    })
    const response = await call(admin.session, 'DELETE', `/api/users/${other.row.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: USER_DELETED })
    expect(await userRow(other.row.id)).toBeUndefined()
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, other.row.id)),
    ).toHaveLength(0)
    const [talent] = await t.database.db.select().from(talents).where(eq(talents.id, talentId))
    expect(talent).toMatchObject({ fullName: 'Ada Lovelace', addedById: null })
    expect((await call(other.session, 'GET', '/api/auth/me')).statusCode).toBe(401)
    const shown = await call(admin.session, 'GET', `/api/talents/${talentId}`)
    expect(shown.json()).toMatchObject({ addedById: null })
    expect((await call(admin.session, 'DELETE', `/api/users/${other.row.id}`)).statusCode).toBe(404)
  })

  test('an admin cannot delete themself; users cannot delete anyone', async () => {
    const admin = await signedIn('admin')
    const user = await signedIn('user')
    const self = await call(admin.session, 'DELETE', `/api/users/${admin.row.id}`)
    expect(self.statusCode).toBe(403)
    expect(self.json()).toEqual({ message: SELF_DELETE })
    expect((await call(user.session, 'DELETE', `/api/users/${admin.row.id}`)).statusCode).toBe(403)
    expect(await t.database.db.select().from(users)).toHaveLength(2)
  })
})

describe('the last active admin stays (SECURITY.md 15)', () => {
  // Through the API the caller is always an active admin, so this guards the service itself
  // (and two admins demoting each other at once).
  test('cannot be demoted, deactivated or deleted', async () => {
    const { user: admin } = await createTestUser(t.database.db, { role: 'admin' })
    const { user: caller } = await createTestUser(t.database.db, { role: 'admin', isActive: false })
    const base = { isActive: true, mustChangePassword: false, mfaEnabled: false } as const
    await expect(
      updateUser(t.database.db, t.config, admin.id, { ...base, role: 'user' }, caller),
    ).rejects.toMatchObject({ statusCode: 403, message: LAST_ADMIN })
    await expect(
      updateUser(
        t.database.db,
        t.config,
        admin.id,
        { ...base, role: 'admin', isActive: false },
        caller,
      ),
    ).rejects.toMatchObject({ statusCode: 403, message: LAST_ADMIN })
    await expect(deleteUser(t.database.db, admin.id, caller)).rejects.toMatchObject({
      statusCode: 403,
      message: LAST_ADMIN,
    })
    expect(await userRow(admin.id)).toMatchObject({ role: 'admin', isActive: true })
    // An inactive admin is not the last active one: it may go.
    await deleteUser(t.database.db, caller.id, admin)
  })

  test('with a second active admin, one admin may demote another', async () => {
    const admin = await signedIn('admin')
    const other = await signedIn('admin')
    const response = await call(admin.session, 'PATCH', `/api/users/${other.row.id}`, edit())
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ role: 'user' })
  })
})
