import { count, eq, sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import type { ActivityAction } from '#shared/activity.ts'
import type { Talent } from '#shared/talent.ts'
import { sessions, tags, talents, users } from '../db/schema.ts'
import { seededApiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'

/*
 * "never a change without its record". The database is made to refuse one action's
 * entry (a CHECK constraint); the write it belongs to must then fail as a whole: 500, and the
 * row it would have changed stays as it was.
 */

let api: Api
let admin: SignedIn
let talent: Talent

test.beforeAll(async ({ api: fixture }) => {
  api = fixture
  admin = await api.as('admin')
  const response = await call('POST', '/api/talents', talentBody('first@example.com'))
  talent = response.json<Talent>()
})
test.afterEach(async () => {
  await api.database.db.execute(
    sql`ALTER TABLE activity_log DROP CONSTRAINT IF EXISTS refuse_entry`,
  )
})

async function refuse(action: ActivityAction) {
  await api.database.db.execute(
    sql`ALTER TABLE activity_log ADD CONSTRAINT refuse_entry CHECK (action <> ${sql.raw(`'${action}'`)}) NOT VALID`,
  )
}

function call(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return api.app.inject({ method, url, payload, headers: admin.headers })
}

function talentBody(email: string, extra: object = {}) {
  return {
    fullName: 'Grace Hopper',
    email,
    areaOfInterest: 'Engineering',
    seniorityLevel: 'mid',
    tags: [],
    status: [],
    ...extra,
  }
}

const rows = async (table: typeof talents | typeof tags | typeof users | typeof sessions) =>
  (await api.database.db.select({ n: count() }).from(table))[0]?.n

describe('a write whose entry cannot be written does not happen', () => {
  test('talent create: no talent, and no tag it would have created', async () => {
    await refuse('talent.created')
    const [talentsBefore, tagsBefore, mark] = [
      await rows(talents),
      await rows(tags),
      await activityMark(api.database.db),
    ]
    const response = await call(
      'POST',
      '/api/talents',
      talentBody('second@example.com', { tags: ['Fresh Tag'] }),
    )
    expect(response.statusCode).toBe(500)
    expect(await rows(talents)).toBe(talentsBefore)
    expect(await rows(tags)).toBe(tagsBefore)
    expect(await activitySince(api.database.db, mark)).toEqual([])
  })

  test('talent update: the talent keeps its values', async () => {
    await refuse('talent.updated')
    const response = await call('PUT', `/api/talents/${talent.id}`, {
      ...talentBody(talent.email, { seniorityLevel: 'exec', status: ['Hired'] }),
    })
    expect(response.statusCode).toBe(500)
    const [row] = await api.database.db.select().from(talents).where(eq(talents.id, talent.id))
    expect(row).toMatchObject({ seniorityLevel: 'mid', status: [] })
    expect(row?.updatedAt.toISOString()).toBe(talent.updatedAt)
  })

  test('talent delete: the talent stays', async () => {
    await refuse('talent.deleted')
    expect((await call('DELETE', `/api/talents/${talent.id}`)).statusCode).toBe(500)
    expect(
      await api.database.db.select().from(talents).where(eq(talents.id, talent.id)),
    ).toHaveLength(1)
  })

  test('tag create: no tag', async () => {
    await refuse('tag.created')
    const before = await rows(tags)
    expect((await call('POST', '/api/tags', { name: 'Never Made' })).statusCode).toBe(500)
    expect(await rows(tags)).toBe(before)
  })

  test('invite: no user', async () => {
    await refuse('user.invited')
    const before = await rows(users)
    const response = await call('POST', '/api/invite', {
      email: 'nobody@example.com',
      firstName: 'No',
      lastName: 'Body',
    })
    expect(response.statusCode).toBe(500)
    expect(await rows(users)).toBe(before)
  })

  test('user edit and delete: the user is unchanged and stays', async () => {
    const user = await api.makeUser({ firstName: 'Kept' })
    await refuse('user.updated')
    const edit = await call('PATCH', `/api/users/${user.id}`, {
      firstName: 'Changed',
      role: 'admin',
      isActive: false,
    })
    expect(edit.statusCode).toBe(500)
    await api.database.db.execute(sql`ALTER TABLE activity_log DROP CONSTRAINT refuse_entry`)
    await refuse('user.deleted')
    expect((await call('DELETE', `/api/users/${user.id}`)).statusCode).toBe(500)
    const [row] = await api.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ firstName: 'Kept', role: 'user', isActive: true })
  })

  test('sign-in: no session is created', async () => {
    // makeUser gives the user TEST_PASSWORD: this test signs in through the route.
    const user = await api.makeUser()
    await refuse('session.signed_in')
    const before = await rows(sessions)
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    expect(response.statusCode).toBe(500)
    expect(response.cookies).toEqual([])
    expect(await rows(sessions)).toBe(before)
  })
})
