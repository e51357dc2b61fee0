import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import {
  SYSTEM_TAG_LOCKED_MESSAGE,
  TAG_EXISTS_MESSAGE,
  TAG_NOT_FOUND_MESSAGE,
} from '#shared/tag.ts'
import { activityLog, tags, talents } from '../db/schema.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { MERGE_INTO_ITSELF, MERGE_TARGET_MISSING } from './manage.ts'

let counter = 0

async function tagsOf(api: Api, id: number): Promise<string[]> {
  const [row] = await api.database.db
    .select({ tags: talents.tags })
    .from(talents)
    .where(eq(talents.id, id))
  return row?.tags ?? []
}

async function tagName(api: Api, id: number): Promise<string | undefined> {
  const [row] = await api.database.db.select({ name: tags.name }).from(tags).where(eq(tags.id, id))
  return row?.name
}

async function activityFor(api: Api, action: string, entityId: number) {
  return api.database.db
    .select({ userId: activityLog.userId, details: activityLog.details })
    .from(activityLog)
    .where(and(eq(activityLog.action, action), eq(activityLog.entityId, entityId)))
}

/** A distinct name on each call. */
const name = (base: string) => `${base} ${++counter}`

describe('PUT /api/tags/:id (rename)', () => {
  test('renames the tag and every talent carrying it, in place, and logs tag.renamed', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const old = name('Remote')
    const fresh = name('Remote First')
    const id = await api.makeTag(old)
    const a = await api.makeTalent({ tags: ['High Potential', old, 'Management Track'] })
    const b = await api.makeTalent({ tags: [old] })
    const untouched = await api.makeTalent({ tags: ['High Potential'] })
    const [before] = await api.database.db
      .select({ updatedAt: talents.updatedAt })
      .from(talents)
      .where(eq(talents.id, a))

    const response = await admin.inject('PUT', `/api/tags/${id}`, { name: `  ${fresh} ` })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      id,
      name: fresh,
      count: 2,
      isDefault: false,
      isSystem: false,
    })
    expect(await tagName(api, id)).toBe(fresh)
    expect(await tagsOf(api, a)).toEqual(['High Potential', fresh, 'Management Track'])
    expect(await tagsOf(api, b)).toEqual([fresh])
    expect(await tagsOf(api, untouched)).toEqual(['High Potential'])
    const [after] = await api.database.db
      .select({ updatedAt: talents.updatedAt })
      .from(talents)
      .where(eq(talents.id, a))
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime())

    expect(await activityFor(api, 'tag.renamed', id)).toEqual([
      { userId: admin.user.id, details: { from: old, to: fresh, talentsAffected: 2 } },
    ])
  })

  test('GET /api/tags shows the new name and count at once (the count cache is cleared)', async ({
    api,
  }) => {
    const [admin, user] = [await api.as('admin'), await api.as('user')]
    const old = name('Cached')
    const id = await api.makeTag(old)
    await api.makeTalent({ tags: [old] })
    const first = await user.inject('GET', '/api/tags')
    expect(first.json<{ name: string }[]>().map((tag) => tag.name)).toContain(old)
    await admin.inject('PUT', `/api/tags/${id}`, { name: `${old} renamed` })
    const list = (await user.inject('GET', '/api/tags')).json<{ name: string; count: number }[]>()
    expect(list.find((tag) => tag.name === `${old} renamed`)?.count).toBe(1)
    expect(list.map((tag) => tag.name)).not.toContain(old)
  })

  test('a change of case alone is allowed', async ({ api }) => {
    const admin = await api.as('admin')
    const old = name('lower case')
    const id = await api.makeTag(old)
    const talent = await api.makeTalent({ tags: [old] })
    const response = await admin.inject('PUT', `/api/tags/${id}`, { name: old.toUpperCase() })
    expect(response.statusCode, response.body).toBe(200)
    expect(await tagsOf(api, talent)).toEqual([old.toUpperCase()])
  })

  test.for([
    ['an existing tag, another case', (other: string) => other.toLowerCase()],
    ['an existing default tag', () => 'high potential'],
    ['a system label that no tag row holds', () => 'Open For Hiring'],
  ] as const)(
    'refuses renaming to %s with 409 and changes nothing',
    async ([_case, target], { api }) => {
      await api.makeDefaultTags()
      const admin = await api.as('admin')
      const other = name('Existing')
      await api.makeTag(other)
      const old = name('Keep Me')
      const id = await api.makeTag(old)
      const talent = await api.makeTalent({ tags: [old] })
      const response = await admin.inject('PUT', `/api/tags/${id}`, { name: target(other) })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ message: TAG_EXISTS_MESSAGE })
      expect(await tagName(api, id)).toBe(old)
      expect(await tagsOf(api, talent)).toEqual([old])
    },
  )

  test('refuses a bad name with the new-tag messages (spec section 5), and unknown fields', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const id = await api.makeTag(name('Valid'))
    const short = await admin.inject('PUT', `/api/tags/${id}`, { name: ' a ' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({
      fieldErrors: { name: ['Tag name must be at least 2 characters long'] },
    })
    const missing = await admin.inject('PUT', `/api/tags/${id}`, {})
    expect(missing.json()).toMatchObject({ fieldErrors: { name: ['Tag name is required'] } })
    const extra = await admin.inject('PUT', `/api/tags/${id}`, { name: 'Fine', count: 9 })
    expect(extra.statusCode).toBe(400)
    expect(extra.json()).toMatchObject({ fieldErrors: { count: ['Unknown field'] } })
  })

  test('an unknown id is 404, a malformed one 400', async ({ api }) => {
    const admin = await api.as('admin')
    const gone = await admin.inject('PUT', '/api/tags/999999', { name: 'Anything' })
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ message: TAG_NOT_FOUND_MESSAGE })
    expect((await admin.inject('PUT', '/api/tags/abc', { name: 'Anything' })).statusCode).toBe(400)
    expect((await admin.inject('PUT', '/api/tags/-1', { name: 'Anything' })).statusCode).toBe(400)
  })

  test('two renames racing to the same name: exactly one wins', async ({ api }) => {
    const admin = await api.as('admin')
    const target = name('Race Winner')
    const ids = [await api.makeTag(name('Racer')), await api.makeTag(name('Racer'))]
    const responses = await Promise.all(
      ids.map((id) => admin.inject('PUT', `/api/tags/${id}`, { name: target })),
    )
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409])
  })
})

describe('DELETE /api/tags/:id', () => {
  test('removes the tag from every talent, says how many, and logs tag.deleted', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const doomed = name('Doomed')
    const id = await api.makeTag(doomed)
    const a = await api.makeTalent({ tags: ['High Potential', doomed] })
    const b = await api.makeTalent({ tags: [doomed] })
    const response = await admin.inject('DELETE', `/api/tags/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: `Tag "${doomed}" deleted`, talentsAffected: 2 })
    expect(await tagName(api, id)).toBeUndefined()
    expect(await tagsOf(api, a)).toEqual(['High Potential'])
    expect(await tagsOf(api, b)).toEqual([])
    expect(await activityFor(api, 'tag.deleted', id)).toEqual([
      { userId: admin.user.id, details: { name: doomed, talentsAffected: 2 } },
    ])
  })

  test('a default tag that is no system label may go; an unknown id is 404', async ({ api }) => {
    const admin = await api.as('admin')
    await api.makeDefaultTags()
    // Talents carrying it, and one not (the file's earlier tests used to leave such rows).
    await api.makeTalent({ tags: ['High Potential', 'Management Track'] })
    await api.makeTalent({ tags: ['Management Track'] })
    await api.makeTalent({ tags: ['High Potential'] })
    const [managementTrack] = await api.database.db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.name, 'Management Track'))
    const carriers = await api.database.db
      .select({ id: talents.id })
      .from(talents)
      .where(sql`${talents.tags} @> array['Management Track']`)
    expect(carriers.length).toBeGreaterThan(0)
    const response = await admin.inject('DELETE', `/api/tags/${managementTrack!.id}`)
    expect(response.json()).toEqual({
      message: 'Tag "Management Track" deleted',
      talentsAffected: carriers.length,
    })
    expect((await admin.inject('DELETE', '/api/tags/999999')).statusCode).toBe(404)
  })
})

describe('POST /api/tags/:id/merge', () => {
  test("the source's talents get the target once, keep their order; the source goes", async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const source = name('JS')
    const target = name('JavaScript')
    const sourceId = await api.makeTag(source)
    const targetId = await api.makeTag(target)
    const onlySource = await api.makeTalent({
      tags: ['High Potential', source, 'Management Track'],
    })
    const both = await api.makeTalent({ tags: [target, source] })
    const onlyTarget = await api.makeTalent({ tags: [target] })

    const response = await admin.inject('POST', `/api/tags/${sourceId}/merge`, { targetId })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      id: targetId,
      name: target,
      count: 3,
      isDefault: false,
      isSystem: false,
    })
    expect(await tagsOf(api, onlySource)).toEqual(['High Potential', target, 'Management Track'])
    expect(await tagsOf(api, both)).toEqual([target])
    expect(await tagsOf(api, onlyTarget)).toEqual([target])
    expect(await tagName(api, sourceId)).toBeUndefined()
    expect(await activityFor(api, 'tag.merged', sourceId)).toEqual([
      {
        userId: admin.user.id,
        details: { from: source, into: target, intoId: targetId, talentsAffected: 2 },
      },
    ])
  })

  test('merging into a system label is allowed', async ({ api }) => {
    const admin = await api.as('admin')
    const source = name('Stale Profile')
    const sourceId = await api.makeTag(source)
    const [needsUpdating] = await api.database.db
      .insert(tags)
      .values({ name: 'Needs Updating' })
      .onConflictDoNothing()
      .returning({ id: tags.id })
    const talent = await api.makeTalent({ tags: [source] })
    const response = await admin.inject('POST', `/api/tags/${sourceId}/merge`, {
      targetId: needsUpdating!.id,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ name: 'Needs Updating', isSystem: true, count: 1 })
    expect(await tagsOf(api, talent)).toEqual(['Needs Updating'])
  })

  test('refuses merging into itself or a missing tag (400), and a missing source (404)', async ({
    api,
  }) => {
    const admin = await api.as('admin')
    const id = await api.makeTag(name('Lonely'))
    const self = await admin.inject('POST', `/api/tags/${id}/merge`, { targetId: id })
    expect(self.statusCode).toBe(400)
    expect(self.json()).toMatchObject({ message: MERGE_INTO_ITSELF })
    const missing = await admin.inject('POST', `/api/tags/${id}/merge`, { targetId: 999999 })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ fieldErrors: { targetId: [MERGE_TARGET_MISSING] } })
    const noSource = await admin.inject('POST', '/api/tags/999999/merge', { targetId: id })
    expect(noSource.statusCode).toBe(404)
    const badBody = await admin.inject('POST', `/api/tags/${id}/merge`, { targetId: 'x' })
    expect(badBody.statusCode).toBe(400)
    expect(await tagName(api, id)).toBeDefined()
  })
})

describe('system labels (spec section 4) are shown but locked', () => {
  test('renaming, merging away and deleting one answer 403 and change nothing', async ({ api }) => {
    const admin = await api.as('admin')
    await api.makeDefaultTags()
    const [interviewed] = await api.database.db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.name, 'Interviewed'))
    const id = interviewed!.id
    const other = await api.makeTag(name('Other'))
    const talent = await api.makeTalent({ tags: ['Interviewed'] })
    const attempts = [
      await admin.inject('PUT', `/api/tags/${id}`, { name: 'Was Interviewed' }),
      await admin.inject('POST', `/api/tags/${id}/merge`, { targetId: other }),
      await admin.inject('DELETE', `/api/tags/${id}`),
    ]
    for (const response of attempts) {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: SYSTEM_TAG_LOCKED_MESSAGE })
    }
    expect(await tagName(api, id)).toBe('Interviewed')
    expect(await tagsOf(api, talent)).toEqual(['Interviewed'])
  })
})

describe('permissions: rename, merge and delete are for admins', () => {
  test('a plain user gets 403 and an anonymous caller 401; nothing changes', async ({ api }) => {
    const tagName1 = name('Users Tag')
    const id = await api.makeTag(tagName1)
    const target = await api.makeTag(name('Target'))
    const talent = await api.makeTalent({ tags: [tagName1] })
    for (const who of [await api.as('user'), await api.as('anonymous')]) {
      const status = who.user ? 403 : 401
      expect((await who.inject('PUT', `/api/tags/${id}`, { name: 'Hijack' })).statusCode).toBe(
        status,
      )
      expect(
        (await who.inject('POST', `/api/tags/${id}/merge`, { targetId: target })).statusCode,
      ).toBe(status)
      expect((await who.inject('DELETE', `/api/tags/${id}`)).statusCode).toBe(status)
    }
    expect(await tagName(api, id)).toBe(tagName1)
    expect(await tagsOf(api, talent)).toEqual([tagName1])
  })
})

describe('one transaction: a failure mid-way leaves nothing changed', () => {
  // The activity entry is each write's last statement: make it fail after the tag row and the
  // talents were already updated inside the transaction.
  async function failActivityInserts(api: Api) {
    await api.database.db.execute(sql`
      create or replace function scout_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`)
    await api.database.db.execute(sql`
      create trigger scout_test_fail before insert on activity_log
      for each row execute function scout_test_fail()`)
  }
  async function restoreActivityInserts(api: Api) {
    await api.database.db.execute(sql`drop trigger if exists scout_test_fail on activity_log`)
  }

  test('rename, merge and delete roll back the tag rows and every talent', async ({ api }) => {
    const admin = await api.as('admin')
    const source = name('Atomic')
    const target = name('Atomic Target')
    const sourceId = await api.makeTag(source)
    const targetId = await api.makeTag(target)
    const talentIds = [
      await api.makeTalent({ tags: [source, 'High Potential'] }),
      await api.makeTalent({ tags: [source] }),
    ]
    const snapshot = async () => ({
      tags: await api.database.db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(inArray(tags.id, [sourceId, targetId])),
      talents: await api.database.db
        .select({ id: talents.id, tags: talents.tags, updatedAt: talents.updatedAt })
        .from(talents)
        .where(inArray(talents.id, talentIds)),
    })
    const before = await snapshot()

    await failActivityInserts(api)
    try {
      const attempts = [
        await admin.inject('PUT', `/api/tags/${sourceId}`, { name: `${source} renamed` }),
        await admin.inject('POST', `/api/tags/${sourceId}/merge`, { targetId }),
        await admin.inject('DELETE', `/api/tags/${sourceId}`),
      ]
      for (const response of attempts) {
        expect(response.statusCode).toBe(500)
        expect(response.json()).toMatchObject({ message: 'Internal server error' })
      }
    } finally {
      await restoreActivityInserts(api)
    }
    expect(await snapshot()).toEqual(before)

    // And with the failure gone, the same rename goes through.
    const ok = await admin.inject('PUT', `/api/tags/${sourceId}`, { name: `${source} renamed` })
    expect(ok.statusCode).toBe(200)
    expect(await tagsOf(api, talentIds[1]!)).toEqual([`${source} renamed`])
  })
})
