import { asc, count, eq, inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  BULK_NO_IDS,
  BULK_ONE_SELECTION,
  BULK_TOO_MANY_IDS,
  bulkResultSchema,
  MAX_BULK_IDS,
} from '#shared/bulk.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'
import { bulkActions, changeSets } from '../db/change-schema.ts'
import { activityLog, talents } from '../db/schema.ts'
import { BULK_DELETE_FORBIDDEN } from './service.ts'

/** POST /api/talents/bulk on both engines — each action, the filter, bad input. */

async function tagsOf(api: Api, ids: number[]) {
  const rows = await api.database.db
    .select({ id: talents.id, tags: talents.tags, status: talents.status })
    .from(talents)
    .where(inArray(talents.id, ids))
    .orderBy(asc(talents.id))
  return rows
}

async function nothingWritten(api: Api) {
  const [sets] = await api.database.db.select({ n: count() }).from(changeSets)
  const [bulks] = await api.database.db.select({ n: count() }).from(bulkActions)
  return { changeSets: sets?.n, bulkActions: bulks?.n }
}

test('addTags by id tags every talent that lacks the tag, with a History entry on each', async ({
  api,
}) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const a = await api.makeTalent({ tags: ['Existing'] })
  const b = await api.makeTalent({ tags: ['Job Fair'] })
  const c = await api.makeTalent()
  const mark = await activityMark(api.database.db)

  const response = await user.inject('POST', '/api/talents/bulk', {
    action: 'addTags',
    ids: [a, b, c],
    // Any case: the tags table's spelling is what talents get.
    payload: { tags: ['job fair'] },
  })

  expect(response.statusCode, response.body).toBe(200)
  const result = bulkResultSchema.parse(response.json())
  // b already had it: not touched, not counted.
  expect(result.affected).toBe(2)
  expect(await tagsOf(api, [a, b, c])).toEqual([
    { id: a, tags: ['Existing', 'Job Fair'], status: [] },
    { id: b, tags: ['Job Fair'], status: [] },
    { id: c, tags: ['Job Fair'], status: [] },
  ])
  const entries = await activitySince(api.database.db, mark)
  expect(entries.map((e) => [e.action, e.entityId])).toEqual([
    ['talent.updated', a],
    ['talent.updated', c],
  ])
  expect(entries[0]?.userId).toBe(user.user.id)
  expect(entries[0]?.details).toMatchObject({
    bulkId: result.bulkId,
    changes: [{ field: 'tags', from: ['Existing'], to: ['Existing', 'Job Fair'] }],
  })
  // The detail view's History shows it.
  const history = await user.inject('GET', `/api/talents/${a}/activity`)
  expect(history.json()).toEqual([expect.objectContaining({ action: 'talent.updated' })])
})

test('removeTags, setStatus and clearStatus change only what they name', async ({ api }) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const a = await api.makeTalent({ tags: ['Job Fair', 'Keep'], status: ['Interviewed'] })
  const b = await api.makeTalent({ tags: ['Keep'], status: [] })

  const removed = await user.inject('POST', '/api/talents/bulk', {
    action: 'removeTags',
    ids: [a, b],
    payload: { tags: ['Job Fair'] },
  })
  expect(removed.json()).toMatchObject({ affected: 1 })
  const set = await user.inject('POST', '/api/talents/bulk', {
    action: 'setStatus',
    ids: [a, b],
    payload: { statuses: ['Hired'] },
  })
  expect(set.json()).toMatchObject({ affected: 2 })
  const cleared = await user.inject('POST', '/api/talents/bulk', {
    action: 'clearStatus',
    ids: [a, b],
    payload: { statuses: ['Interviewed'] },
  })
  expect(cleared.json()).toMatchObject({ affected: 1 })

  expect(await tagsOf(api, [a, b])).toEqual([
    { id: a, tags: ['Keep'], status: ['Hired'] },
    { id: b, tags: ['Keep'], status: ['Hired'] },
  ])
})

test('a filter acts on the whole filtered result, q included, and on nothing else', async ({
  api,
}) => {
  const user = await api.as('user')
  const matches: number[] = []
  for (let i = 0; i < 3; i++) {
    matches.push(await api.makeTalent({ fullName: `Dana Reyes ${i}`, areaOfInterest: 'Design' }))
  }
  const otherArea = await api.makeTalent({ fullName: 'Dana Other', areaOfInterest: 'Law & Ethics' })
  const otherName = await api.makeTalent({ fullName: 'Sam Lee', areaOfInterest: 'Design' })

  const response = await user.inject('POST', '/api/talents/bulk', {
    action: 'setStatus',
    filter: { areaOfInterest: 'Design', q: 'dana', sort: 'name_asc' },
    payload: { statuses: ['Shortlisted'] },
  })

  expect(response.statusCode, response.body).toBe(200)
  expect(response.json()).toMatchObject({ affected: 3 })
  const rows = await tagsOf(api, [...matches, otherArea, otherName])
  expect(rows.filter((r) => r.status.includes('Shortlisted')).map((r) => r.id)).toEqual(matches)
  // The list with the same filter now shows them with the status.
  const list = await user.inject('GET', '/api/talents?status=Shortlisted')
  expect(list.headers['x-total-count']).toBe('3')
})

test('delete follows the single delete rule: a user only their own, nothing half done', async ({
  api,
}) => {
  const user = await api.as('user')
  const other = await api.as('otherUser')
  const own = await api.makeTalent({ addedById: user.user.id })
  const theirs = await api.makeTalent({ addedById: other.user.id })

  const refused = await user.inject('POST', '/api/talents/bulk', {
    action: 'delete',
    ids: [own, theirs],
  })
  expect(refused.statusCode).toBe(403)
  expect(refused.json()).toEqual({ message: BULK_DELETE_FORBIDDEN(1) })
  expect(await tagsOf(api, [own, theirs])).toHaveLength(2)
  expect(await nothingWritten(api)).toEqual({ changeSets: 0, bulkActions: 0 })

  const mark = await activityMark(api.database.db)
  const allowed = await user.inject('POST', '/api/talents/bulk', { action: 'delete', ids: [own] })
  expect(allowed.json()).toMatchObject({ affected: 1 })
  expect(await tagsOf(api, [own, theirs])).toEqual([expect.objectContaining({ id: theirs })])
  const entries = await activitySince(api.database.db, mark)
  expect(entries.map((e) => [e.action, e.entityId])).toEqual([['talent.deleted', own]])

  const admin = await api.as('admin')
  const byAdmin = await admin.inject('POST', '/api/talents/bulk', {
    action: 'delete',
    filter: {},
  })
  expect(byAdmin.json()).toMatchObject({ affected: 1 })
  expect(await tagsOf(api, [theirs])).toEqual([])
})

test('bad input is a 400 with a message, and writes nothing', async ({ api }) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const id = await api.makeTalent()
  const send = (body: object) => user.inject('POST', '/api/talents/bulk', body)
  const cases: [object, string][] = [
    [{ action: 'addTags', ids: [], payload: { tags: ['Job Fair'] } }, BULK_NO_IDS],
    [
      {
        action: 'addTags',
        ids: Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1),
        payload: { tags: ['Job Fair'] },
      },
      BULK_TOO_MANY_IDS,
    ],
    [
      { action: 'addTags', ids: [id], filter: {}, payload: { tags: ['Job Fair'] } },
      BULK_ONE_SELECTION,
    ],
    [{ action: 'addTags', payload: { tags: ['Job Fair'] } }, 'ids or a filter'],
    [
      { action: 'addTags', ids: [id], payload: { tags: ['No Such Tag'] } },
      'Unknown tag: No Such Tag',
    ],
    [{ action: 'addTags', ids: [id], payload: { tags: [] } }, 'Choose at least one tag.'],
    [{ action: 'setStatus', ids: [id], payload: { statuses: ['Famous'] } }, 'Choose a status'],
    [{ action: 'promote', ids: [id], payload: {} }, 'Choose an action'],
    [{ action: 'addTags', ids: [0], payload: { tags: ['Job Fair'] } }, 'talent ids'],
    [{ action: 'addTags', ids: ['1'], payload: { tags: ['Job Fair'] } }, 'talent ids'],
    [
      { action: 'setStatus', filter: { areaOfInterest: 'Mars' }, payload: { statuses: ['Hired'] } },
      'Invalid',
    ],
    [{ action: 'delete', ids: [id], extra: true }, 'Unknown field'],
  ]
  for (const [body, message] of cases) {
    const response = await send(body)
    expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400)
    expect(JSON.stringify(response.json<object>())).toContain(message)
  }
  expect(await tagsOf(api, [id])).toEqual([{ id, tags: [], status: [] }])
  expect(await nothingWritten(api)).toEqual({ changeSets: 0, bulkActions: 0 })
  const [logged] = await api.database.db
    .select({ n: count() })
    .from(activityLog)
    .where(eq(activityLog.entityId, id))
  expect(logged?.n).toBe(0)
})

test('100,000 ids are accepted (the limit itself)', async ({ api }) => {
  await api.makeTag('Job Fair')
  const user = await api.as('user')
  const id = await api.makeTalent()
  const ids = Array.from({ length: MAX_BULK_IDS }, (_, i) => id + i)
  const response = await user.inject('POST', '/api/talents/bulk', {
    action: 'addTags',
    ids,
    payload: { tags: ['Job Fair'] },
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.json()).toMatchObject({ affected: 1 })
})

test('signed-out callers are refused', async ({ api }) => {
  const anonymous = await api.as('anonymous')
  const response = await anonymous.inject('POST', '/api/talents/bulk', {
    action: 'delete',
    filter: {},
  })
  expect(response.statusCode).toBe(401)
})
