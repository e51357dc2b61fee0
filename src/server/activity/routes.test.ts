import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { activityEntrySchema, TALENT_ACTIVITY_LIMIT } from '#shared/activity.ts'
import type { Talent } from '#shared/talent.ts'
import { activityLog, users } from '../db/schema.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'

let api: Api
let alice: SignedIn
let bob: SignedIn

test.beforeEach(async ({ api: fixture }) => {
  api = fixture
  alice = await api.signIn({ email: 'alice@x.test', firstName: 'Alice', lastName: 'Liddell' })
  bob = await api.signIn({ email: 'bob@x.test', firstName: null, lastName: null })
})

function call(
  who: SignedIn | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: object,
) {
  return api.app.inject({ method, url, payload: body, headers: who?.headers ?? {} })
}

const history = async (id: number | string) => call(bob, 'GET', `/api/talents/${id}/activity`)

async function addTalent(email: string): Promise<Talent> {
  const response = await call(alice, 'POST', '/api/talents', {
    fullName: 'Dana Reyes',
    email,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
    status: ['Interviewed'],
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Talent>()
}

describe('GET /api/talents/:id/activity', () => {
  test("the talent's entries, newest first, with each actor's public fields", async () => {
    const talent = await addTalent('dana@example.com')
    await addTalent('someone-else@example.com')
    const edited = await call(bob, 'PUT', `/api/talents/${talent.id}`, {
      fullName: 'Dana Reyes',
      email: 'dana@example.com',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
      status: ['Hired'],
    })
    expect(edited.statusCode, edited.body).toBe(200)

    const response = await history(talent.id)
    expect(response.statusCode, response.body).toBe(200)
    const entries = activityEntrySchema.array().parse(response.json())
    expect(entries.map((e) => [e.action, e.entityId, e.actor])).toEqual([
      [
        'talent.updated',
        talent.id,
        { id: bob.user.id, firstName: null, lastName: null, email: 'bob@x.test' },
      ],
      [
        'talent.created',
        talent.id,
        { id: alice.user.id, firstName: 'Alice', lastName: 'Liddell', email: 'alice@x.test' },
      ],
    ])
    expect(entries[0]?.details).toEqual({
      fullName: 'Dana Reyes',
      changes: [{ field: 'status', from: ['Interviewed'], to: ['Hired'] }],
    })
    expect(Object.keys(entries[0]?.actor ?? {})).not.toContain('passwordHash')
  })

  test('a talent without entries (added before the log) answers an empty list', async () => {
    const id = await insertTalent(api.database.db, {
      fullName: 'Old One',
      email: 'old@example.com',
    })
    const response = await history(id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  test(`at most ${TALENT_ACTIVITY_LIMIT} entries, the newest`, async () => {
    const id = await insertTalent(api.database.db, { fullName: 'Busy', email: 'busy@example.com' })
    const base = Date.UTC(2025, 0, 1)
    await api.database.db.insert(activityLog).values(
      Array.from({ length: TALENT_ACTIVITY_LIMIT + 5 }, (_, i) => ({
        userId: null,
        action: 'talent.updated',
        entityType: 'talent',
        entityId: id,
        details: { changes: [{ field: 'notes', from: `${i}`, to: `${i + 1}` }] },
        createdAt: new Date(base + i * 60_000),
      })),
    )
    const entries = activityEntrySchema.array().parse((await history(id)).json())
    expect(entries).toHaveLength(TALENT_ACTIVITY_LIMIT)
    expect(entries[0]?.createdAt).toBe(new Date(base + 104 * 60_000).toISOString())
    expect(entries.at(-1)?.createdAt).toBe(new Date(base + 5 * 60_000).toISOString())
    expect(entries[0]?.actor).toBeNull()
  })

  test('an actor whose account was deleted shows as null; the entry stays', async () => {
    const leaver = await api.signIn({ email: 'leaver@x.test' })
    const { user } = leaver
    const response = await call(leaver, 'POST', '/api/talents', {
      fullName: 'Left Behind',
      email: 'left@example.com',
      areaOfInterest: 'Law & Ethics',
      seniorityLevel: 'junior',
    })
    const talent = response.json<Talent>()
    await api.database.db.delete(users).where(eq(users.id, user.id))
    const entries = activityEntrySchema.array().parse((await history(talent.id)).json())
    expect(entries.map((e) => [e.action, e.actor])).toEqual([['talent.created', null]])
  })

  test('404 for an unknown or deleted talent, 400 for a bad id, 401 without a session', async () => {
    const talent = await addTalent('deleted-later@example.com')
    expect((await call(alice, 'GET', `/api/talents/${talent.id}`)).statusCode).toBe(200)
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/api/talents/${talent.id}`,
      headers: alice.headers,
    })
    expect(deleted.statusCode).toBe(200)
    const gone = await history(talent.id)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ message: 'Talent not found' })
    expect((await history(999_999)).statusCode).toBe(404)
    expect((await history('abc')).statusCode).toBe(400)
    expect((await call(undefined, 'GET', `/api/talents/${talent.id}/activity`)).statusCode).toBe(
      401,
    )
  })
})
