import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  SYSTEM_TAG_LOCKED_MESSAGE,
  TAG_EXISTS_MESSAGE,
  TAG_NOT_FOUND_MESSAGE,
} from '#shared/tag.ts'
import { activityLog, tags, talents } from '../db/schema.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'
import {
  createTestApp,
  createTestUser,
  loginAs,
  type LoggedIn,
  type TestApp,
} from '#tests/support/test-app.ts'
import { MERGE_INTO_ITSELF, MERGE_TARGET_MISSING } from './manage.ts'

let t: TestApp
let admin: LoggedIn
let user: LoggedIn
let counter = 0

beforeAll(async () => {
  t = await createTestApp()
  const { user: adminRow } = await createTestUser(t.database.db, { role: 'admin' })
  const { user: userRow } = await createTestUser(t.database.db)
  admin = await loginAs(t.app, adminRow.email)
  user = await loginAs(t.app, userRow.email)
})
afterAll(async () => {
  await t.close()
})

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE'
function call(who: LoggedIn | undefined, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: who?.headers ?? {}, payload })
}

const db = () => t.database.db

async function makeTag(name: string): Promise<number> {
  const [row] = await db().insert(tags).values({ name }).returning({ id: tags.id })
  if (!row) throw new Error(`tag ${name} not inserted`)
  return row.id
}

async function makeTalent(tagNames: string[]): Promise<number> {
  counter++
  return insertTalent(db(), {
    fullName: `Talent ${counter}`,
    email: `talent-${counter}@example.com`,
    tags: tagNames,
  })
}

async function tagsOf(id: number): Promise<string[]> {
  const [row] = await db().select({ tags: talents.tags }).from(talents).where(eq(talents.id, id))
  return row?.tags ?? []
}

async function tagName(id: number): Promise<string | undefined> {
  const [row] = await db().select({ name: tags.name }).from(tags).where(eq(tags.id, id))
  return row?.name
}

async function activityFor(action: string, entityId: number) {
  return db()
    .select({ userId: activityLog.userId, details: activityLog.details })
    .from(activityLog)
    .where(and(eq(activityLog.action, action), eq(activityLog.entityId, entityId)))
}

/** A unique name per test: the database is shared by the whole file. */
const name = (base: string) => `${base} ${++counter}`

describe('PUT /api/tags/:id (rename)', () => {
  test('renames the tag and every talent carrying it, in place, and logs tag.renamed', async () => {
    const old = name('Remote')
    const fresh = name('Remote First')
    const id = await makeTag(old)
    const a = await makeTalent(['High Potential', old, 'Management Track'])
    const b = await makeTalent([old])
    const untouched = await makeTalent(['High Potential'])
    const [before] = await db()
      .select({ updatedAt: talents.updatedAt })
      .from(talents)
      .where(eq(talents.id, a))

    const response = await call(admin, 'PUT', `/api/tags/${id}`, { name: `  ${fresh} ` })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      id,
      name: fresh,
      count: 2,
      isDefault: false,
      isSystem: false,
    })
    expect(await tagName(id)).toBe(fresh)
    expect(await tagsOf(a)).toEqual(['High Potential', fresh, 'Management Track'])
    expect(await tagsOf(b)).toEqual([fresh])
    expect(await tagsOf(untouched)).toEqual(['High Potential'])
    const [after] = await db()
      .select({ updatedAt: talents.updatedAt })
      .from(talents)
      .where(eq(talents.id, a))
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime())

    expect(await activityFor('tag.renamed', id)).toEqual([
      { userId: admin.user.id, details: { from: old, to: fresh, talentsAffected: 2 } },
    ])
  })

  test('GET /api/tags shows the new name and count at once (the count cache is cleared)', async () => {
    const old = name('Cached')
    const id = await makeTag(old)
    await makeTalent([old])
    const first = await call(user, 'GET', '/api/tags')
    expect(first.json<{ name: string }[]>().map((tag) => tag.name)).toContain(old)
    await call(admin, 'PUT', `/api/tags/${id}`, { name: `${old} renamed` })
    const list = (await call(user, 'GET', '/api/tags')).json<{ name: string; count: number }[]>()
    expect(list.find((tag) => tag.name === `${old} renamed`)?.count).toBe(1)
    expect(list.map((tag) => tag.name)).not.toContain(old)
  })

  test('a change of case alone is allowed', async () => {
    const old = name('lower case')
    const id = await makeTag(old)
    const talent = await makeTalent([old])
    const response = await call(admin, 'PUT', `/api/tags/${id}`, { name: old.toUpperCase() })
    expect(response.statusCode, response.body).toBe(200)
    expect(await tagsOf(talent)).toEqual([old.toUpperCase()])
  })

  test.each([
    ['an existing tag, another case', (other: string) => other.toLowerCase()],
    ['an existing default tag', () => 'high potential'],
    ['a system label that no tag row holds', () => 'Open For Hiring'],
  ])('refuses renaming to %s with 409 and changes nothing', async (_case, target) => {
    const other = name('Existing')
    await makeTag(other)
    const old = name('Keep Me')
    const id = await makeTag(old)
    const talent = await makeTalent([old])
    const response = await call(admin, 'PUT', `/api/tags/${id}`, { name: target(other) })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: TAG_EXISTS_MESSAGE })
    expect(await tagName(id)).toBe(old)
    expect(await tagsOf(talent)).toEqual([old])
  })

  test('refuses a bad name with the new-tag messages (spec section 5), and unknown fields', async () => {
    const id = await makeTag(name('Valid'))
    const short = await call(admin, 'PUT', `/api/tags/${id}`, { name: ' a ' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({
      fieldErrors: { name: ['Tag name must be at least 2 characters long'] },
    })
    const missing = await call(admin, 'PUT', `/api/tags/${id}`, {})
    expect(missing.json()).toMatchObject({ fieldErrors: { name: ['Tag name is required'] } })
    const extra = await call(admin, 'PUT', `/api/tags/${id}`, { name: 'Fine', count: 9 })
    expect(extra.statusCode).toBe(400)
    expect(extra.json()).toMatchObject({ fieldErrors: { count: ['Unknown field'] } })
  })

  test('an unknown id is 404, a malformed one 400', async () => {
    const gone = await call(admin, 'PUT', '/api/tags/999999', { name: 'Anything' })
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ message: TAG_NOT_FOUND_MESSAGE })
    expect((await call(admin, 'PUT', '/api/tags/abc', { name: 'Anything' })).statusCode).toBe(400)
    expect((await call(admin, 'PUT', '/api/tags/-1', { name: 'Anything' })).statusCode).toBe(400)
  })

  test('two renames racing to the same name: exactly one wins', async () => {
    const target = name('Race Winner')
    const ids = [await makeTag(name('Racer')), await makeTag(name('Racer'))]
    const responses = await Promise.all(
      ids.map((id) => call(admin, 'PUT', `/api/tags/${id}`, { name: target })),
    )
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409])
  })
})

describe('DELETE /api/tags/:id', () => {
  test('removes the tag from every talent, says how many, and logs tag.deleted', async () => {
    const doomed = name('Doomed')
    const id = await makeTag(doomed)
    const a = await makeTalent(['High Potential', doomed])
    const b = await makeTalent([doomed])
    const response = await call(admin, 'DELETE', `/api/tags/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: `Tag "${doomed}" deleted`, talentsAffected: 2 })
    expect(await tagName(id)).toBeUndefined()
    expect(await tagsOf(a)).toEqual(['High Potential'])
    expect(await tagsOf(b)).toEqual([])
    expect(await activityFor('tag.deleted', id)).toEqual([
      { userId: admin.user.id, details: { name: doomed, talentsAffected: 2 } },
    ])
  })

  test('a default tag that is no system label may go; an unknown id is 404', async () => {
    const [managementTrack] = await db()
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.name, 'Management Track'))
    const carriers = await db()
      .select({ id: talents.id })
      .from(talents)
      .where(sql`${talents.tags} @> array['Management Track']`)
    expect(carriers.length).toBeGreaterThan(0)
    const response = await call(admin, 'DELETE', `/api/tags/${managementTrack!.id}`)
    expect(response.json()).toEqual({
      message: 'Tag "Management Track" deleted',
      talentsAffected: carriers.length,
    })
    expect((await call(admin, 'DELETE', '/api/tags/999999')).statusCode).toBe(404)
  })
})

describe('POST /api/tags/:id/merge', () => {
  test("the source's talents get the target once, keep their order; the source goes", async () => {
    const source = name('JS')
    const target = name('JavaScript')
    const sourceId = await makeTag(source)
    const targetId = await makeTag(target)
    const onlySource = await makeTalent(['High Potential', source, 'Management Track'])
    const both = await makeTalent([target, source])
    const onlyTarget = await makeTalent([target])

    const response = await call(admin, 'POST', `/api/tags/${sourceId}/merge`, { targetId })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      id: targetId,
      name: target,
      count: 3,
      isDefault: false,
      isSystem: false,
    })
    expect(await tagsOf(onlySource)).toEqual(['High Potential', target, 'Management Track'])
    expect(await tagsOf(both)).toEqual([target])
    expect(await tagsOf(onlyTarget)).toEqual([target])
    expect(await tagName(sourceId)).toBeUndefined()
    expect(await activityFor('tag.merged', sourceId)).toEqual([
      {
        userId: admin.user.id,
        details: { from: source, into: target, intoId: targetId, talentsAffected: 2 },
      },
    ])
  })

  test('merging into a system label is allowed', async () => {
    const source = name('Stale Profile')
    const sourceId = await makeTag(source)
    const [needsUpdating] = await db()
      .insert(tags)
      .values({ name: 'Needs Updating' })
      .onConflictDoNothing()
      .returning({ id: tags.id })
    const talent = await makeTalent([source])
    const response = await call(admin, 'POST', `/api/tags/${sourceId}/merge`, {
      targetId: needsUpdating!.id,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ name: 'Needs Updating', isSystem: true, count: 1 })
    expect(await tagsOf(talent)).toEqual(['Needs Updating'])
  })

  test('refuses merging into itself or a missing tag (400), and a missing source (404)', async () => {
    const id = await makeTag(name('Lonely'))
    const self = await call(admin, 'POST', `/api/tags/${id}/merge`, { targetId: id })
    expect(self.statusCode).toBe(400)
    expect(self.json()).toMatchObject({ message: MERGE_INTO_ITSELF })
    const missing = await call(admin, 'POST', `/api/tags/${id}/merge`, { targetId: 999999 })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ fieldErrors: { targetId: [MERGE_TARGET_MISSING] } })
    const noSource = await call(admin, 'POST', '/api/tags/999999/merge', { targetId: id })
    expect(noSource.statusCode).toBe(404)
    const badBody = await call(admin, 'POST', `/api/tags/${id}/merge`, { targetId: 'x' })
    expect(badBody.statusCode).toBe(400)
    expect(await tagName(id)).toBeDefined()
  })
})

describe('system labels (spec section 4) are shown but locked', () => {
  test('renaming, merging away and deleting one answer 403 and change nothing', async () => {
    const [interviewed] = await db()
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.name, 'Interviewed'))
    const id = interviewed!.id
    const other = await makeTag(name('Other'))
    const talent = await makeTalent(['Interviewed'])
    const attempts = [
      await call(admin, 'PUT', `/api/tags/${id}`, { name: 'Was Interviewed' }),
      await call(admin, 'POST', `/api/tags/${id}/merge`, { targetId: other }),
      await call(admin, 'DELETE', `/api/tags/${id}`),
    ]
    for (const response of attempts) {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: SYSTEM_TAG_LOCKED_MESSAGE })
    }
    expect(await tagName(id)).toBe('Interviewed')
    expect(await tagsOf(talent)).toEqual(['Interviewed'])
  })
})

describe('permissions: rename, merge and delete are for admins', () => {
  test('a plain user gets 403 and an anonymous caller 401; nothing changes', async () => {
    const tagName1 = name('Users Tag')
    const id = await makeTag(tagName1)
    const target = await makeTag(name('Target'))
    const talent = await makeTalent([tagName1])
    for (const who of [user, undefined]) {
      const status = who ? 403 : 401
      expect((await call(who, 'PUT', `/api/tags/${id}`, { name: 'Hijack' })).statusCode).toBe(
        status,
      )
      expect(
        (await call(who, 'POST', `/api/tags/${id}/merge`, { targetId: target })).statusCode,
      ).toBe(status)
      expect((await call(who, 'DELETE', `/api/tags/${id}`)).statusCode).toBe(status)
    }
    expect(await tagName(id)).toBe(tagName1)
    expect(await tagsOf(talent)).toEqual([tagName1])
  })
})

describe('one transaction: a failure mid-way leaves nothing changed', () => {
  // The activity entry is each write's last statement: make it fail after the tag row and the
  // talents were already updated inside the transaction.
  async function failActivityInserts() {
    await db().execute(sql`
      create or replace function scout_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`)
    await db().execute(sql`
      create trigger scout_test_fail before insert on activity_log
      for each row execute function scout_test_fail()`)
  }
  async function restoreActivityInserts() {
    await db().execute(sql`drop trigger if exists scout_test_fail on activity_log`)
  }

  test('rename, merge and delete roll back the tag rows and every talent', async () => {
    const source = name('Atomic')
    const target = name('Atomic Target')
    const sourceId = await makeTag(source)
    const targetId = await makeTag(target)
    const talentIds = [await makeTalent([source, 'High Potential']), await makeTalent([source])]
    const snapshot = async () => ({
      tags: await db()
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(inArray(tags.id, [sourceId, targetId])),
      talents: await db()
        .select({ id: talents.id, tags: talents.tags, updatedAt: talents.updatedAt })
        .from(talents)
        .where(inArray(talents.id, talentIds)),
    })
    const before = await snapshot()

    await failActivityInserts()
    try {
      const attempts = [
        await call(admin, 'PUT', `/api/tags/${sourceId}`, { name: `${source} renamed` }),
        await call(admin, 'POST', `/api/tags/${sourceId}/merge`, { targetId }),
        await call(admin, 'DELETE', `/api/tags/${sourceId}`),
      ]
      for (const response of attempts) {
        expect(response.statusCode).toBe(500)
        expect(response.json()).toMatchObject({ message: 'Internal server error' })
      }
    } finally {
      await restoreActivityInserts()
    }
    expect(await snapshot()).toEqual(before)

    // And with the failure gone, the same rename goes through.
    const ok = await call(admin, 'PUT', `/api/tags/${sourceId}`, { name: `${source} renamed` })
    expect(ok.statusCode).toBe(200)
    expect(await tagsOf(talentIds[1]!)).toEqual([`${source} renamed`])
  })
})
