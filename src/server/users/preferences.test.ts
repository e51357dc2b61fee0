import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { DEFAULT_PREFERENCES } from '#shared/preferences.ts'
import { apiTest as test, type Api, type Caller } from '#tests/support/api-test.ts'
import { loginAs } from '#tests/support/test-app.ts'
import { users } from '../db/schema.ts'

// Any session's headers: the fixture's callers, or a second sign-in of the same person.
const read = (api: Api, who: Pick<Caller, 'headers'>) =>
  api.app.inject({ method: 'GET', url: '/api/me/preferences', headers: who.headers })

// A raw JSON body, so the refused shapes (an array, null) reach the server as written.
const save = (api: Api, who: Caller, payload: unknown) =>
  api.app.inject({
    method: 'PUT',
    url: '/api/me/preferences',
    headers: { ...who.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })

async function storedRow(api: Api, id: number) {
  const [row] = await api.database.db
    .select({ e: users.emailNotifications, n: users.newTalentAlerts })
    .from(users)
    .where(eq(users.id, id))
  return row
}

describe('GET /api/me/preferences', () => {
  test('a new user has both switches on (spec section 2)', async ({ api }) => {
    const me = await api.as('user')
    const response = await read(api, me)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(DEFAULT_PREFERENCES)
    expect(response.json()).toEqual({ emailNotifications: true, newTalentAlerts: true })
  })

  test('anonymous callers get 401', async ({ api }) => {
    expect((await read(api, await api.as('anonymous'))).statusCode).toBe(401)
  })
})

describe('PUT /api/me/preferences', () => {
  test('saves both switches, and a later read (another session too) returns them', async ({
    api,
  }) => {
    const me = await api.as('user')
    const response = await save(api, me, { emailNotifications: false, newTalentAlerts: true })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ emailNotifications: false, newTalentAlerts: true })
    expect(await storedRow(api, me.user.id)).toEqual({ e: false, n: true })

    // Another browser: a second session of the same person sees the saved values.
    const elsewhere = await loginAs(api.app, me.user.email)
    expect((await read(api, elsewhere)).json()).toEqual({
      emailNotifications: false,
      newTalentAlerts: true,
    })

    await save(api, me, { emailNotifications: true, newTalentAlerts: false })
    expect((await read(api, elsewhere)).json()).toEqual({
      emailNotifications: true,
      newTalentAlerts: false,
    })
  })

  test("one user's save never touches another user's switches", async ({ api }) => {
    const alice = await api.as('user')
    const bob = await api.as('admin')
    await save(api, alice, { emailNotifications: false, newTalentAlerts: false })
    expect((await read(api, bob)).json()).toEqual(DEFAULT_PREFERENCES)
    expect(await storedRow(api, bob.user.id)).toEqual({ e: true, n: true })
    expect((await read(api, alice)).json()).toEqual({
      emailNotifications: false,
      newTalentAlerts: false,
    })
  })

  test.for([
    ['an unknown field', { emailNotifications: true, newTalentAlerts: true, role: 'admin' }],
    ['another user id', { emailNotifications: true, newTalentAlerts: true, userId: 1 }],
    ['a missing switch', { emailNotifications: false }],
    ['a string instead of a boolean', { emailNotifications: 'false', newTalentAlerts: true }],
    ['null', { emailNotifications: null, newTalentAlerts: true }],
    ['an array body', [true, true]],
  ])('refuses %s with 400 and changes nothing', async ([_name, payload], { api }) => {
    const me = await api.as('user')
    const response = await save(api, me, payload)
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(/^Invalid request/)
    expect(await storedRow(api, me.user.id)).toEqual({ e: true, n: true })
  })

  test('names the refused field and the bad switch', async ({ api }) => {
    const me = await api.as('user')
    const unknown = await save(api, me, {
      emailNotifications: true,
      newTalentAlerts: true,
      role: 'x',
    })
    expect(unknown.json()).toMatchObject({ fieldErrors: { role: ['Unknown field'] } })
    const bad = await save(api, me, { emailNotifications: 'yes', newTalentAlerts: true })
    expect(bad.json()).toMatchObject({
      fieldErrors: { emailNotifications: ['Email Notifications must be on or off'] },
    })
  })

  test('a malformed body is a 400, never a 500', async ({ api }) => {
    const me = await api.as('user')
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/me/preferences',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"emailNotifications": tru',
    })
    expect(response.statusCode).toBe(400)
  })

  test('anonymous callers get 401 and a user who must change their password 403', async ({
    api,
  }) => {
    expect((await save(api, await api.as('anonymous'), DEFAULT_PREFERENCES)).statusCode).toBe(401)
    const pending = await api.as('mustChange')
    expect((await save(api, pending, DEFAULT_PREFERENCES)).statusCode).toBe(403)
    expect((await read(api, pending)).statusCode).toBe(403)
  })
})
