import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_PREFERENCES } from '#shared/preferences.ts'
import { users } from '../db/schema.ts'
import {
  createTestApp,
  createTestUser,
  loginAs,
  type LoggedIn,
  type TestApp,
} from '../test-utils.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function signedIn(role: 'admin' | 'user' = 'user'): Promise<LoggedIn> {
  const { user } = await createTestUser(t.database.db, { role })
  return loginAs(t.app, user.email)
}

const read = (who: LoggedIn | undefined) =>
  t.app.inject({ method: 'GET', url: '/api/me/preferences', headers: who?.headers ?? {} })

const save = (who: LoggedIn | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/preferences',
    headers: { ...who?.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })

async function storedRow(id: number) {
  const [row] = await t.database.db
    .select({ e: users.emailNotifications, n: users.newTalentAlerts })
    .from(users)
    .where(eq(users.id, id))
  return row
}

describe('GET /api/me/preferences', () => {
  test('a new user has both switches on (spec section 2)', async () => {
    const me = await signedIn()
    const response = await read(me)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DEFAULT_PREFERENCES)
    expect(response.json()).toEqual({ emailNotifications: true, newTalentAlerts: true })
  })

  test('anonymous callers get 401', async () => {
    expect((await read(undefined)).statusCode).toBe(401)
  })
})

describe('PUT /api/me/preferences', () => {
  test('saves both switches, and a later read (another session too) returns them', async () => {
    const me = await signedIn()
    const response = await save(me, { emailNotifications: false, newTalentAlerts: true })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ emailNotifications: false, newTalentAlerts: true })
    expect(await storedRow(me.user.id)).toEqual({ e: false, n: true })

    // Another browser: a second session of the same person sees the saved values.
    const elsewhere = await loginAs(t.app, me.user.email)
    expect((await read(elsewhere)).json()).toEqual({
      emailNotifications: false,
      newTalentAlerts: true,
    })

    await save(me, { emailNotifications: true, newTalentAlerts: false })
    expect((await read(elsewhere)).json()).toEqual({
      emailNotifications: true,
      newTalentAlerts: false,
    })
  })

  test("one user's save never touches another user's switches", async () => {
    const alice = await signedIn()
    const bob = await signedIn('admin')
    await save(alice, { emailNotifications: false, newTalentAlerts: false })
    expect((await read(bob)).json()).toEqual(DEFAULT_PREFERENCES)
    expect(await storedRow(bob.user.id)).toEqual({ e: true, n: true })
    expect((await read(alice)).json()).toEqual({
      emailNotifications: false,
      newTalentAlerts: false,
    })
  })

  test.each([
    ['an unknown field', { emailNotifications: true, newTalentAlerts: true, role: 'admin' }],
    ['another user id', { emailNotifications: true, newTalentAlerts: true, userId: 1 }],
    ['a missing switch', { emailNotifications: false }],
    ['a string instead of a boolean', { emailNotifications: 'false', newTalentAlerts: true }],
    ['null', { emailNotifications: null, newTalentAlerts: true }],
    ['an array body', [true, true]],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const me = await signedIn()
    const response = await save(me, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(/^Invalid request/)
    expect(await storedRow(me.user.id)).toEqual({ e: true, n: true })
  })

  test('names the refused field and the bad switch', async () => {
    const me = await signedIn()
    const unknown = await save(me, { emailNotifications: true, newTalentAlerts: true, role: 'x' })
    expect(unknown.json()).toMatchObject({ fieldErrors: { role: ['Unknown field'] } })
    const bad = await save(me, { emailNotifications: 'yes', newTalentAlerts: true })
    expect(bad.json()).toMatchObject({
      fieldErrors: { emailNotifications: ['Email Notifications must be on or off'] },
    })
  })

  test('a malformed body is a 400, never a 500', async () => {
    const me = await signedIn()
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"emailNotifications": tru',
    })
    expect(response.statusCode).toBe(400)
  })

  test('anonymous callers get 401 and a user who must change their password 403', async () => {
    expect((await save(undefined, DEFAULT_PREFERENCES)).statusCode).toBe(401)
    const { user } = await createTestUser(t.database.db, { mustChangePassword: true })
    const pending = await loginAs(t.app, user.email)
    expect((await save(pending, DEFAULT_PREFERENCES)).statusCode).toBe(403)
    expect((await read(pending)).statusCode).toBe(403)
  })
})
