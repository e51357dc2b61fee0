import { asc, eq, inArray, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  BULK_NOT_FOUND,
  BULK_UNDO_FORBIDDEN,
  bulkResultSchema,
  bulkSummarySchema,
  bulkUndoResultSchema,
} from '#shared/bulk.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { makePdf, uploadCv } from '#tests/support/cv-files.ts'
import { CHANGE_SET_EXPIRED, CHANGE_SET_UNDONE } from '../changes/change-set.ts'
import { bulkActions, changeSets } from '../db/change-schema.ts'
import { talents } from '../db/schema.ts'

/** POST /api/bulk/:id/undo, GET /api/bulk and two actions at once, on both engines. */

async function tagsById(api: Api, ids: number[]) {
  const rows = await api.database.db
    .select({ id: talents.id, tags: talents.tags })
    .from(talents)
    .where(inArray(talents.id, ids))
    .orderBy(asc(talents.id))
  return new Map(rows.map((row) => [row.id, row.tags]))
}

async function bulk(who: SignedIn, body: object) {
  const response = await who.inject('POST', '/api/talents/bulk', body)
  expect(response.statusCode, response.body).toBe(200)
  return bulkResultSchema.parse(response.json())
}

async function makeTalents(api: Api, n: number, addedById?: number) {
  const ids: number[] = []
  for (let i = 0; i < n; i++) ids.push(await api.makeTalent({ addedById }))
  return ids
}

test('undo takes a tag back off; a talent edited since keeps the edit and is listed', async ({
  api,
}) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const [a = 0, b = 0, c = 0] = await makeTalents(api, 3)
  const { bulkId } = await bulk(user, {
    action: 'addTags',
    ids: [a, b, c],
    payload: { tags: ['Job Fair'] },
  })
  // Someone edits b afterwards (a single edit through the API).
  const current = (await user.inject('GET', `/api/talents/${b}`)).json<Record<string, unknown>>()
  const edited = await user.inject('PUT', `/api/talents/${b}`, {
    fullName: current.fullName,
    email: current.email,
    areaOfInterest: current.areaOfInterest,
    seniorityLevel: current.seniorityLevel,
    tags: current.tags,
    notes: 'Called after the fair',
    updatedAt: current.updatedAt,
  })
  expect(edited.statusCode, edited.body).toBe(200)

  const undo = await user.inject('POST', `/api/bulk/${bulkId}/undo`)

  expect(undo.statusCode, undo.body).toBe(200)
  const result = bulkUndoResultSchema.parse(undo.json())
  expect(result).toEqual({ restored: 2, kept: [{ talentId: b, fullName: 'Talent 2' }] })
  const tags = await tagsById(api, [a, b, c])
  expect(tags.get(a)).toEqual([])
  expect(tags.get(b)).toEqual(['Job Fair'])
  expect(tags.get(c)).toEqual([])
  const [bRow] = await api.database.db
    .select({ notes: talents.notes })
    .from(talents)
    .where(eq(talents.id, b))
  expect(bRow?.notes).toBe('Called after the fair')
  // The undo is in the History too.
  const history = await user.inject('GET', `/api/talents/${a}/activity`)
  const entries = history.json<{ action: string; details: Record<string, unknown> }[]>()
  expect(entries.map((e) => e.action)).toEqual(['talent.updated', 'talent.updated'])
  expect(entries[0]?.details).toMatchObject({
    undo: true,
    changes: [{ field: 'tags', from: ['Job Fair'], to: [] }],
  })

  const again = await user.inject('POST', `/api/bulk/${bulkId}/undo`)
  expect(again.statusCode).toBe(409)
  expect(again.json()).toEqual({ message: CHANGE_SET_UNDONE })
})

test('undo of a bulk delete brings the talents back with their CV and History', async ({ api }) => {
  const admin = await api.as('admin')
  const [a = 0, b = 0] = await makeTalents(api, 2)
  const attach = await uploadCv(api.app, admin, a, {
    name: 'cv.pdf',
    bytes: makePdf(['Dana Reyes CV']),
  })
  expect(attach.statusCode, attach.body).toBe(201)
  // The CV's text is read by a job: let it finish, or it may change the talent between the reads.
  await api.app.jobs.drain()
  const before = await admin.inject('GET', `/api/talents/${a}`)
  const { bulkId } = await bulk(admin, { action: 'delete', ids: [a, b] })
  expect((await admin.inject('GET', `/api/talents/${a}`)).statusCode).toBe(404)

  const undo = await admin.inject('POST', `/api/bulk/${bulkId}/undo`)

  expect(undo.json()).toEqual({ restored: 2, kept: [] })
  const after = await admin.inject('GET', `/api/talents/${a}`)
  expect(after.statusCode).toBe(200)
  expect(after.json()).toEqual(before.json())
  const cv = await admin.inject('GET', `/api/talents/${a}/cv/file`)
  expect(cv.statusCode).toBe(200)
  const history = await admin.inject('GET', `/api/talents/${a}/activity`)
  expect(history.json<{ action: string }[]>().map((e) => e.action)).toEqual([
    'talent.restored',
    'talent.deleted',
    'talent.cv_attached',
  ])
})

test('a deleted talent whose e-mail was taken since stays deleted and is listed', async ({
  api,
}) => {
  const admin = await api.as('admin')
  const id = await api.makeTalent({ fullName: 'Dana Reyes', email: 'dana@example.com' })
  const { bulkId } = await bulk(admin, { action: 'delete', ids: [id] })
  await api.makeTalent({ fullName: 'Dana R.', email: 'DANA@example.com' })
  const undo = await admin.inject('POST', `/api/bulk/${bulkId}/undo`)
  expect(undo.json()).toEqual({ restored: 0, kept: [{ talentId: id, fullName: 'Dana Reyes' }] })
})

test('undo is for the person who ran the action and admins, within 24 hours', async ({ api }) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const other = await api.as('otherUser')
  const admin = await api.as('admin')
  const [id = 0] = await makeTalents(api, 1)
  const first = await bulk(user, { action: 'addTags', ids: [id], payload: { tags: ['Job Fair'] } })

  const byOther = await other.inject('POST', `/api/bulk/${first.bulkId}/undo`)
  expect(byOther.statusCode).toBe(403)
  expect(byOther.json()).toEqual({ message: BULK_UNDO_FORBIDDEN })
  expect((await tagsById(api, [id])).get(id)).toEqual(['Job Fair'])
  const byAdmin = await admin.inject('POST', `/api/bulk/${first.bulkId}/undo`)
  expect(byAdmin.statusCode).toBe(200)

  const second = await bulk(user, { action: 'addTags', ids: [id], payload: { tags: ['Job Fair'] } })
  await api.database.db
    .update(changeSets)
    .set({ undoUntil: sql`now() - interval '1 second'` })
    .where(
      eq(
        changeSets.id,
        sql`(select ${bulkActions.changeSetId} from ${bulkActions} where ${bulkActions.id} = ${second.bulkId})`,
      ),
    )
  const late = await user.inject('POST', `/api/bulk/${second.bulkId}/undo`)
  expect(late.statusCode).toBe(409)
  expect(late.json()).toEqual({ message: CHANGE_SET_EXPIRED })

  const missing = await user.inject('POST', '/api/bulk/999999/undo')
  expect(missing.statusCode).toBe(404)
  expect(missing.json()).toEqual({ message: BULK_NOT_FOUND })
  const badId = await user.inject('POST', '/api/bulk/abc/undo')
  expect(badId.statusCode).toBe(400)
})

test('GET /api/bulk lists the last 24 hours, ?mine=1 only the caller’s', async ({ api }) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const other = await api.as('otherUser')
  const [id = 0] = await makeTalents(api, 1)
  const mine = await bulk(user, { action: 'addTags', ids: [id], payload: { tags: ['Job Fair'] } })
  const theirs = await bulk(other, {
    action: 'setStatus',
    filter: {},
    payload: { statuses: ['Hired'] },
  })
  const old = await bulk(user, { action: 'removeTags', ids: [id], payload: { tags: ['Job Fair'] } })
  await api.database.db
    .update(bulkActions)
    .set({ createdAt: sql`now() - interval '25 hours'` })
    .where(eq(bulkActions.id, old.bulkId))
  await user.inject('POST', `/api/bulk/${mine.bulkId}/undo`)

  const own = await user.inject('GET', '/api/bulk?mine=1')
  expect(own.statusCode).toBe(200)
  const items = own.json<unknown[]>().map((item) => bulkSummarySchema.parse(item))
  expect(items).toHaveLength(1)
  expect(items[0]).toMatchObject({
    id: mine.bulkId,
    action: 'addTags',
    names: ['Job Fair'],
    affected: 1,
    undoUntil: null,
    createdBy: { email: user.user.email },
  })
  expect(items[0]?.undoneAt).not.toBeNull()
  const all = await user.inject('GET', '/api/bulk')
  expect(all.json<{ id: number }[]>().map((item) => item.id)).toEqual([theirs.bulkId, mine.bulkId])
  const theirsItem = all.json<{ undoUntil: string | null }[]>()[0]
  const hours = (new Date(theirsItem?.undoUntil ?? 0).getTime() - Date.now()) / 3_600_000
  expect(hours).toBeGreaterThan(23.9)
  expect(hours).toBeLessThanOrEqual(24)
  expect((await user.inject('GET', '/api/bulk?mine=yes')).statusCode).toBe(400)
})

test('two bulk actions on overlapping sets at once both end consistent', async ({ api }) => {
  await api.makeTag('Job Fair')
  await api.makeTag('Autumn')
  const user = await api.as('user')
  const other = await api.as('otherUser')
  const ids = await makeTalents(api, 60)
  const first = ids.slice(0, 40)
  const second = ids.slice(20)

  // The same tag on overlapping sets: no talent is tagged twice or counted twice.
  const [x, y] = await Promise.all([
    bulk(user, { action: 'addTags', ids: first, payload: { tags: ['Job Fair'] } }),
    bulk(other, { action: 'addTags', ids: second, payload: { tags: ['Job Fair'] } }),
  ])
  expect(x.affected + y.affected).toBe(60)
  for (const tags of (await tagsById(api, ids)).values()) expect(tags).toEqual(['Job Fair'])

  // Different tags at once, one added, one removed: every talent ends with both effects.
  await Promise.all([
    bulk(user, { action: 'addTags', ids: first, payload: { tags: ['Autumn'] } }),
    bulk(other, { action: 'removeTags', ids: second, payload: { tags: ['Job Fair'] } }),
  ])
  const tags = await tagsById(api, ids)
  ids.forEach((id, i) => {
    const expected = [...(i < 20 ? ['Job Fair'] : []), ...(i < 40 ? ['Autumn'] : [])]
    expect([...(tags.get(id) ?? [])].sort()).toEqual(expected.sort())
  })
  // Each talent's History agrees with its tags: one entry per change that happened to it.
  const history = await user.inject('GET', `/api/talents/${ids[30]}/activity`)
  expect(history.json<{ action: string }[]>()).toHaveLength(3)
})
