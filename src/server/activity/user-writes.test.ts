import { desc } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { inviteResponseSchema } from '#shared/user.ts'
import { sessions } from '../db/schema.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { loginAs, TEST_PASSWORD } from '#tests/support/test-app.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'

// User invites, edits and deletes, and sign-ins, each record their entry (never a
// password); refused writes record nothing.

let api: Api
let admin: SignedIn
let plain: SignedIn
let mark: number

test.beforeEach(async ({ api: fixture }) => {
  api = fixture
  admin = await api.signIn({ email: 'boss@x.test', role: 'admin' })
  // TEST_PASSWORD: the sign-in test signs in as this user through the route.
  plain = await api.signIn({ email: 'plain@x.test' })
  mark = await activityMark(api.database.db)
})

const written = () => activitySince(api.database.db, mark)

type Method = 'POST' | 'PATCH' | 'DELETE'
function call(who: SignedIn, method: Method, url: string, payload?: object) {
  return api.app.inject({ method, url, payload, headers: who.headers })
}

let counter = 0
async function invited(extra: object = {}) {
  counter++
  const response = await call(admin, 'POST', '/api/invite', {
    email: `Person${counter}@Example.com`,
    firstName: 'New',
    lastName: 'Person',
    ...extra,
  })
  expect(response.statusCode, response.body).toBe(201)
  return inviteResponseSchema.parse(response.json())
}

const edit = (extra: object = {}) => ({
  firstName: 'New',
  lastName: 'Person',
  role: 'user',
  isActive: true,
  mustChangePassword: true,
  mfaEnabled: false,
  ...extra,
})

describe('session.signed_in', () => {
  test('a sign-in records the user (entityId) and the session; a failed one records nothing', async () => {
    const failed = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'plain@x.test', password: 'Not-The-Password-99' },
    })
    expect(failed.statusCode).toBe(401)
    expect(await written()).toEqual([])
    const session = await loginAs(api.app, 'plain@x.test', TEST_PASSWORD)
    const [newest] = await api.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .orderBy(desc(sessions.id))
      .limit(1)
    expect(await written()).toEqual([
      {
        userId: session.user.id,
        action: 'session.signed_in',
        entityType: 'session',
        entityId: session.user.id,
        details: { sessionId: newest?.id },
      },
    ])
  })
})

describe('user.invited', () => {
  test('records who was invited by whom, never the temporary password', async () => {
    const result = await invited({ role: 'admin' })
    const entries = await written()
    expect(entries).toEqual([
      {
        userId: admin.user.id,
        action: 'user.invited',
        entityType: 'user',
        entityId: result.user.id,
        details: { email: result.user.email, firstName: 'New', lastName: 'Person', role: 'admin' },
      },
    ])
    expect(JSON.stringify(entries)).not.toContain(result.tempPassword)
  })

  test('a taken e-mail (409), a bad body (400) or a plain user (403) records nothing', async () => {
    const existing = await invited()
    mark = await activityMark(api.database.db)
    const statuses = [
      (
        await call(admin, 'POST', '/api/invite', {
          email: existing.user.email,
          firstName: 'Again',
          lastName: 'Person',
        })
      ).statusCode,
      (await call(admin, 'POST', '/api/invite', { email: 'not-an-email' })).statusCode,
      (await call(plain, 'POST', '/api/invite', { email: 'sneaky@example.com' })).statusCode,
    ]
    expect(statuses).toEqual([409, 400, 403])
    expect(await written()).toEqual([])
  })
})

describe('user.updated', () => {
  test('the changed fields only; a forced reset says so without the password', async () => {
    const { user } = await invited()
    mark = await activityMark(api.database.db)
    const renamed = await call(admin, 'PATCH', `/api/users/${user.id}`, {
      ...edit({ lastName: 'Renamed', role: 'admin', mfaEnabled: true }),
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(await written()).toEqual([
      {
        userId: admin.user.id,
        action: 'user.updated',
        entityType: 'user',
        entityId: user.id,
        details: {
          email: user.email,
          changes: [
            { field: 'lastName', from: 'Person', to: 'Renamed' },
            { field: 'role', from: 'user', to: 'admin' },
            { field: 'mfaEnabled', from: false, to: true },
          ],
        },
      },
    ])

    const settled = await api.makeUser()
    mark = await activityMark(api.database.db)
    const reset = await call(admin, 'POST', `/api/users/${settled.id}/reset-password`)
    expect(reset.statusCode, reset.body).toBe(200)
    const entries = await written()
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.password_reset',
        entityId: settled.id,
        details: { email: settled.email },
      }),
    ])
    const tempPassword = reset.json<{ tempPassword: string }>().tempPassword
    expect(tempPassword).toBeTruthy()
    expect(JSON.stringify(entries)).not.toContain(tempPassword)
  })

  test('an unchanged save, self-deactivation (403), an unknown user (404) record nothing', async () => {
    const { user } = await invited()
    mark = await activityMark(api.database.db)
    const statuses = [
      (await call(admin, 'PATCH', `/api/users/${user.id}`, edit())).statusCode,
      (await call(admin, 'PATCH', `/api/users/${admin.user.id}`, edit({ isActive: false })))
        .statusCode,
      (await call(admin, 'PATCH', '/api/users/999999', edit())).statusCode,
      (await call(plain, 'PATCH', `/api/users/${user.id}`, edit({ role: 'admin' }))).statusCode,
    ]
    expect(statuses).toEqual([200, 403, 404, 403])
    expect(await written()).toEqual([])
  })
})

describe('user.deleted', () => {
  test('records who was deleted; self-delete (403) and a second delete (404) record nothing', async () => {
    const { user } = await invited({ firstName: 'Gone', lastName: 'Soon' })
    mark = await activityMark(api.database.db)
    expect((await call(admin, 'DELETE', `/api/users/${admin.user.id}`)).statusCode).toBe(403)
    expect((await call(admin, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(200)
    expect((await call(admin, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(404)
    expect(await written()).toEqual([
      {
        userId: admin.user.id,
        action: 'user.deleted',
        entityType: 'user',
        entityId: user.id,
        details: { email: user.email, firstName: 'Gone', lastName: 'Soon', role: 'user' },
      },
    ])
  })
})
