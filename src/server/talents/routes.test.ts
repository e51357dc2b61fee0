import { describe, expect } from 'vitest'
import { TAG_EXISTS_MESSAGE } from '#shared/tag.ts'
import { seededApiTest as test, type Caller, type SignedIn } from '#tests/support/api-test.ts'
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from './routes.ts'
import { DELETE_FORBIDDEN, EMAIL_TAKEN, STALE_EDIT } from './service.ts'

// One data set for the file: its tests follow one talent from creation to deletion.
let admin: SignedIn
let alice: SignedIn
let bob: SignedIn
let anonymous: Caller

test.beforeAll(async ({ api }) => {
  // The fixture empties the migrations' four default tags too: GET /api/tags lists them.
  await api.makeDefaultTags()
  admin = await api.signIn({ email: 'admin@x.test', role: 'admin', firstName: 'Ada' })
  alice = await api.signIn({ email: 'alice@x.test', firstName: 'Alice' })
  bob = await api.signIn({ email: 'bob@x.test', firstName: 'Bob' })
  anonymous = await api.as('anonymous')
})

const body = (extra: object = {}) => ({
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  areaOfInterest: 'Engineering',
  seniorityLevel: 'exec',
  tags: ['High Potential'],
  status: ['Shortlisted'],
  ...extra,
})

describe('access', () => {
  test.each([
    ['GET', '/api/talents'],
    ['GET', '/api/talents/stats'],
    ['GET', '/api/talents/1'],
    ['POST', '/api/talents'],
    ['PUT', '/api/talents/1'],
    ['DELETE', '/api/talents/1'],
    ['GET', '/api/tags'],
    ['POST', '/api/tags'],
    ['GET', '/api/users/filter'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    expect(
      (await anonymous.inject(method, url, method === 'GET' ? undefined : {})).statusCode,
    ).toBe(401)
  })
})

describe('talents API', () => {
  let id: number
  let updatedAt: string

  test('POST creates (201) with addedById forced to the caller', async () => {
    const response = await alice.inject('POST', '/api/talents', body())
    expect(response.statusCode, response.body).toBe(201)
    const talent = response.json<{
      id: number
      addedById: number
      updatedAt: string
      addedByUser: unknown
    }>()
    expect(talent).toMatchObject({
      addedById: alice.user.id,
      addedByUser: { firstName: 'Alice', lastName: 'Person', email: 'alice@x.test' },
    })
    id = talent.id
    updatedAt = talent.updatedAt
  })

  test('POST refuses spec 5 violations, unknown fields and another adder with field messages', async () => {
    const invalid = await alice.inject(
      'POST',
      '/api/talents',
      body({ fullName: 'G', email: 'nope', linkedinUrl: 'javascript:x' }),
    )
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({
      fieldErrors: {
        fullName: ['Full name is required'],
        email: ['Invalid email address'],
        linkedinUrl: ['Invalid URL'],
      },
    })
    const unknown = await alice.inject('POST', '/api/talents', body({ email: 'u@x.test', id: 7 }))
    expect(unknown.statusCode).toBe(400)
    const other = await alice.inject(
      'POST',
      '/api/talents',
      body({ email: 'o@x.test', addedById: bob.user.id }),
    )
    expect(other.statusCode).toBe(400)
    expect(other.json<{ fieldErrors: object }>().fieldErrors).toHaveProperty('addedById')
  })

  test('POST with a taken e-mail (any case) is 409 on the e-mail field', async () => {
    const response = await bob.inject('POST', '/api/talents', body({ email: 'GRACE@example.com' }))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } })
  })

  test('GET list: spec array body, X-Total-Count, X-Next-Cursor when more', async () => {
    await bob.inject(
      'POST',
      '/api/talents',
      body({ email: 'second@example.com', fullName: 'Second One' }),
    )
    const first = await bob.inject('GET', '/api/talents?limit=1&sort=name_asc&areaOfInterest=all')
    expect(first.statusCode).toBe(200)
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('2')
    expect(first.json<{ fullName: string }[]>().map((t) => t.fullName)).toEqual(['Grace Hopper'])
    const cursor = String(first.headers[NEXT_CURSOR_HEADER])
    const next = await bob.inject('GET', `/api/talents?limit=1&sort=name_asc&cursor=${cursor}`)
    expect(next.json<{ fullName: string }[]>().map((t) => t.fullName)).toEqual(['Second One'])
    expect(next.headers[NEXT_CURSOR_HEADER]).toBeUndefined()
    const bare = await bob.inject('GET', '/api/talents?search=GRACE')
    expect(bare.json<unknown[]>()).toHaveLength(1)
    expect(bare.headers[TOTAL_COUNT_HEADER]).toBe('1')
  })

  test.each(['limit=0', 'limit=201', 'sort=random', 'cursor=%%%', 'page=2'])(
    'GET ?%s is a 400',
    async (qs) => {
      const response = await bob.inject('GET', `/api/talents?${qs}`)
      expect(response.statusCode).toBe(400)
      if (qs.startsWith('cursor'))
        expect(response.json<{ message: string }>().message).toBe('Invalid cursor')
    },
  )

  test('GET /:id, 404 and a non-numeric id', async () => {
    expect((await bob.inject('GET', `/api/talents/${id}`)).json()).toMatchObject({
      id,
      email: 'grace@example.com',
    })
    expect((await bob.inject('GET', '/api/talents/999999')).statusCode).toBe(404)
    expect((await bob.inject('GET', '/api/talents/abc')).statusCode).toBe(400)
  })

  test('PUT by any user (200); a stale updatedAt is 409', async () => {
    const ok = await bob.inject('PUT', `/api/talents/${id}`, {
      ...body({ notes: 'Edited' }),
      updatedAt,
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({
      notes: 'Edited',
      addedById: alice.user.id,
      status: ['Shortlisted'],
    })
    const stale = await alice.inject('PUT', `/api/talents/${id}`, { ...body(), updatedAt })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({ message: STALE_EDIT })
  })

  test('GET stats counts the pool and the caller', async () => {
    const stats = await alice.inject('GET', '/api/talents/stats')
    expect(stats.json()).toEqual({ total: 2, addedByYou: 1, newThisMonth: 2, needsUpdating: 0 })
  })

  test('DELETE: another user 403, the adder 200, then 404; admins may delete any', async () => {
    const refused = await bob.inject('DELETE', `/api/talents/${id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: DELETE_FORBIDDEN })
    expect((await alice.inject('DELETE', `/api/talents/${id}`)).json()).toEqual({
      message: 'Talent deleted successfully',
    })
    expect((await alice.inject('DELETE', `/api/talents/${id}`)).statusCode).toBe(404)
    const [bobs] = (await admin.inject('GET', '/api/talents')).json<{ id: number }[]>()
    expect((await admin.inject('DELETE', `/api/talents/${bobs?.id}`)).statusCode).toBe(200)
  })
})

describe('tags and users/filter API', () => {
  test('GET /api/tags lists default tags with counts; POST creates 201; duplicates 409', async () => {
    const list = await bob.inject('GET', '/api/tags')
    expect(list.json<{ name: string }[]>().map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'High Potential',
        'Interviewed',
        'Management Track',
        'Needs Follow-Up',
      ]),
    )
    const created = await bob.inject('POST', '/api/tags', { name: '  Rust  ' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      name: 'Rust',
      count: 0,
      isDefault: false,
      isSystem: false,
    })
    const duplicate = await alice.inject('POST', '/api/tags', { name: 'management TRACK' })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({ message: TAG_EXISTS_MESSAGE })
    const short = await alice.inject('POST', '/api/tags', { name: ' x ' })
    expect(short.json()).toMatchObject({
      fieldErrors: { name: ['Tag name must be at least 2 characters long'] },
    })
  })

  test('GET /api/users/filter: active users for any signed-in user, public fields only', async () => {
    const response = await bob.inject('GET', '/api/users/filter')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { email: 'admin@x.test', firstName: 'Ada', lastName: 'Person' },
      { email: 'alice@x.test', firstName: 'Alice', lastName: 'Person' },
      { email: 'bob@x.test', firstName: 'Bob', lastName: 'Person' },
    ])
  })
})
