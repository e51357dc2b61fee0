import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Talent } from '#shared/talent.ts'
import { tags } from '../db/schema.ts'
import {
  createTestApp,
  createTestUser,
  loginAs,
  type LoggedIn,
  type TestApp,
} from '#tests/support/test-app.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'

// Issue 5: every talent and tag write records its activity entry; a refused write records none.

let t: TestApp
let admin: LoggedIn
let alice: LoggedIn
let bob: LoggedIn
let mark: number

beforeAll(async () => {
  t = await createTestApp()
  const signUp = async (email: string, extra: object) => {
    await createTestUser(t.database.db, { email, ...extra })
    return loginAs(t.app, email)
  }
  admin = await signUp('admin@x.test', { role: 'admin', firstName: 'Ada' })
  alice = await signUp('alice@x.test', { firstName: 'Alice', lastName: 'Liddell' })
  bob = await signUp('bob@x.test', { firstName: 'Bob' })
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  mark = await activityMark(t.database.db)
})

const written = () => activitySince(t.database.db, mark)

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
function call(who: LoggedIn, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: who.headers })
}

let counter = 0
function body(extra: object = {}) {
  counter++
  return {
    fullName: `Grace Hopper ${counter}`,
    email: `grace${counter}@example.com`,
    areaOfInterest: 'Engineering',
    seniorityLevel: 'mid',
    tags: ['High Potential'],
    status: ['Shortlisted'],
    ...extra,
  }
}

async function created(who: LoggedIn, extra: object = {}): Promise<Talent> {
  const response = await call(who, 'POST', '/api/talents', body(extra))
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Talent>()
}

describe('talent.created', () => {
  test('one entry by the caller; a tag first typed here is a tag.created in the same write', async () => {
    const talent = await created(alice, { tags: ['High Potential', 'Quantum Computing'] })
    const [tag] = await t.database.db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.name, 'Quantum Computing'))
    expect(await written()).toEqual([
      {
        userId: alice.user.id,
        action: 'tag.created',
        entityType: 'tag',
        entityId: tag?.id,
        details: { name: 'Quantum Computing' },
      },
      {
        userId: alice.user.id,
        action: 'talent.created',
        entityType: 'talent',
        entityId: talent.id,
        details: { fullName: talent.fullName, email: talent.email },
      },
    ])
  })

  test.each([
    ['invalid body (400)', { fullName: 'x', tags: ['Brand New Tag'] }],
    ['taken e-mail (409)', { email: 'grace1@example.com', tags: ['Another New Tag'] }],
  ])('%s: no entry, no tag', async (_name, extra) => {
    const response = await call(alice, 'POST', '/api/talents', body(extra))
    expect([400, 409]).toContain(response.statusCode)
    expect(await written()).toEqual([])
  })
})

describe('talent.updated', () => {
  test('only the fields that changed, values as the API shows them; tag order is no change', async () => {
    const talent = await created(alice, { tags: ['High Potential', 'Interviewed'] })
    mark = await activityMark(t.database.db)
    const response = await call(bob, 'PUT', `/api/talents/${talent.id}`, {
      ...body({ fullName: talent.fullName, email: talent.email }),
      seniorityLevel: 'senior',
      tags: ['Interviewed', 'High Potential'],
      status: ['Hired'],
      phone: '+1 555 0100',
      updatedAt: talent.updatedAt,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await written()).toEqual([
      {
        userId: bob.user.id,
        action: 'talent.updated',
        entityType: 'talent',
        entityId: talent.id,
        details: {
          fullName: talent.fullName,
          changes: [
            { field: 'phone', from: null, to: '+1 555 0100' },
            { field: 'seniorityLevel', from: 'mid', to: 'senior' },
            { field: 'status', from: ['Shortlisted'], to: ['Hired'] },
          ],
        },
      },
    ])
  })

  test('a save that changes nothing records nothing', async () => {
    const talent = await created(alice)
    mark = await activityMark(t.database.db)
    const { id: _id, addedByUser: _adder, createdAt: _c, addedById: _a, cv: _cv, ...same } = talent
    const response = await call(alice, 'PUT', `/api/talents/${talent.id}`, {
      ...same,
      status: [...talent.status].reverse(),
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await written()).toEqual([])
  })

  test('refused edits (400, 404, 409 stale, 409 e-mail) record nothing', async () => {
    const talent = await created(alice)
    const other = await created(alice)
    mark = await activityMark(t.database.db)
    const edit = (extra: object) => ({
      ...body({ fullName: talent.fullName, email: talent.email, tags: ['Unsaved Tag'] }),
      ...extra,
    })
    const statuses = [
      (await call(alice, 'PUT', `/api/talents/${talent.id}`, edit({ seniorityLevel: 'boss' })))
        .statusCode,
      (await call(alice, 'PUT', '/api/talents/999999', edit({}))).statusCode,
      (
        await call(
          alice,
          'PUT',
          `/api/talents/${talent.id}`,
          edit({ updatedAt: '2000-01-01T00:00:00.000Z' }),
        )
      ).statusCode,
      (await call(alice, 'PUT', `/api/talents/${talent.id}`, edit({ email: other.email })))
        .statusCode,
    ]
    expect(statuses).toEqual([400, 404, 409, 409])
    expect(await written()).toEqual([])
  })
})

describe('talent.deleted', () => {
  test('the entry keeps the name and e-mail; 403 and 404 record nothing', async () => {
    const talent = await created(alice)
    mark = await activityMark(t.database.db)
    expect((await call(bob, 'DELETE', `/api/talents/${talent.id}`)).statusCode).toBe(403)
    expect(await written()).toEqual([])
    expect((await call(admin, 'DELETE', `/api/talents/${talent.id}`)).statusCode).toBe(200)
    expect((await call(admin, 'DELETE', `/api/talents/${talent.id}`)).statusCode).toBe(404)
    expect(await written()).toEqual([
      {
        userId: admin.user.id,
        action: 'talent.deleted',
        entityType: 'talent',
        entityId: talent.id,
        details: { fullName: talent.fullName, email: talent.email },
      },
    ])
  })
})

describe('tag.created', () => {
  test('POST /api/tags records it; a duplicate (409) or a bad name (400) records nothing', async () => {
    const response = await call(bob, 'POST', '/api/tags', { name: 'Mentor' })
    expect(response.statusCode, response.body).toBe(201)
    const tag = response.json<{ id: number }>()
    expect((await call(alice, 'POST', '/api/tags', { name: 'mentor' })).statusCode).toBe(409)
    expect((await call(alice, 'POST', '/api/tags', { name: 'x' })).statusCode).toBe(400)
    expect(await written()).toEqual([
      {
        userId: bob.user.id,
        action: 'tag.created',
        entityType: 'tag',
        entityId: tag.id,
        details: { name: 'Mentor' },
      },
    ])
  })
})
