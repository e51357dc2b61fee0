import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import type { Talent } from '#shared/talent.ts'
import { tags } from '../db/schema.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'

// Every talent and tag write records its activity entry; a refused write records none.

let api: Api
let admin: SignedIn
let alice: SignedIn
let bob: SignedIn
let mark: number

test.beforeEach(async ({ api: fixture }) => {
  api = fixture
  admin = await api.signIn({ email: 'admin@x.test', role: 'admin', firstName: 'Ada' })
  alice = await api.signIn({ email: 'alice@x.test', firstName: 'Alice', lastName: 'Liddell' })
  bob = await api.signIn({ email: 'bob@x.test', firstName: 'Bob' })
  // The migrations' default tags, gone with the emptied tables: the tests write talents with
  // 'High Potential' and 'Interviewed' as tags that already exist (no tag.created entry).
  await api.makeDefaultTags()
  mark = await activityMark(api.database.db)
})

const written = () => activitySince(api.database.db, mark)

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
function call(who: SignedIn, method: Method, url: string, payload?: object) {
  return api.app.inject({ method, url, payload, headers: who.headers })
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

async function created(who: SignedIn, extra: object = {}): Promise<Talent> {
  const response = await call(who, 'POST', '/api/talents', body(extra))
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Talent>()
}

describe('talent.created', () => {
  test('one entry by the caller; a tag first typed here is a tag.created in the same write', async () => {
    const talent = await created(alice, { tags: ['High Potential', 'Quantum Computing'] })
    const [tag] = await api.database.db
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
    // The taken e-mail: each test starts from empty tables, so this one adds its talent itself.
    await created(alice, { email: 'grace1@example.com' })
    mark = await activityMark(api.database.db)
    const response = await call(alice, 'POST', '/api/talents', body(extra))
    expect([400, 409]).toContain(response.statusCode)
    expect(await written()).toEqual([])
  })
})

describe('talent.updated', () => {
  test('only the fields that changed, values as the API shows them; tag order is no change', async () => {
    const talent = await created(alice, { tags: ['High Potential', 'Interviewed'] })
    mark = await activityMark(api.database.db)
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
    mark = await activityMark(api.database.db)
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
    mark = await activityMark(api.database.db)
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
    mark = await activityMark(api.database.db)
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
