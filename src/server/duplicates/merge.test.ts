import { expect } from 'vitest'
import type { ActivityEntry } from '#shared/activity.ts'
import { MERGE_WITH_ITSELF, type MergeUndone } from '#shared/duplicates.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTestWith, type SignedIn } from '#tests/support/api-test.ts'
import { makePdf } from '#tests/support/cv-files.ts'
import { addTalent, scanNow } from '#tests/support/duplicate-talents.ts'
import { attachCv } from '../cvs/service.ts'
import { ALREADY_MERGED } from './merge.ts'
import { MERGE_ALREADY_UNDONE, SURVIVOR_DELETED } from './merge-undo.ts'

const test = apiTestWith({ defaultPhoneRegion: 'US' })

async function read(caller: SignedIn, id: number): Promise<Talent> {
  const response = await caller.inject('GET', `/api/talents/${id}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Talent>()
}

async function history(caller: SignedIn, id: number): Promise<ActivityEntry[]> {
  const response = await caller.inject('GET', `/api/talents/${id}/activity`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ActivityEntry[]>()
}

async function merge(caller: SignedIn, body: object): Promise<number> {
  const response = await caller.inject('POST', '/api/merges', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ mergeId: number }>().mergeId
}

async function pair(api: { as: (role: 'user') => Promise<SignedIn> }) {
  const user = await api.as('user')
  const dana = await addTalent(user, {
    email: 'dana@old.com',
    phone: '+1 415 555 0134',
    tags: ['High Potential'],
    status: ['Interviewed'],
    notes: 'Met at the fair.',
  })
  const reyes = await addTalent(user, {
    fullName: 'Dana Reyes-Smith',
    email: 'dana@new.com',
    phone: '(415) 555-0134',
    linkedinUrl: 'https://www.linkedin.com/in/dana',
    areaOfInterest: 'Engineering',
    tags: ['Management Track', 'high potential'],
    status: ['Hired'],
    notes: 'Strong on systems.',
  })
  return { user, dana, reyes }
}

test('a merge keeps the picked fields, unites tags and statuses, keeps every note, CV and History line', async ({
  api,
}) => {
  const { user, dana, reyes } = await pair(api)
  const admin = await api.as('admin')
  await attachCv(
    api.database.db,
    reyes.id,
    { bytes: makePdf(['Reyes CV']), fileName: 'reyes.pdf' },
    user.user,
  )
  const mergeId = await merge(admin, {
    survivorId: dana.id,
    mergedIds: [reyes.id],
    fields: { email: reyes.id, fullName: dana.id },
  })
  const survivor = await read(user, dana.id)
  expect(survivor).toMatchObject({
    fullName: 'Dana Reyes',
    email: 'dana@new.com',
    // Not picked: the most recently updated talent with a value (reyes was added last).
    linkedinUrl: 'https://www.linkedin.com/in/dana',
    areaOfInterest: 'Engineering',
    tags: ['High Potential', 'Management Track'],
    status: ['Interviewed', 'Hired'],
  })
  expect(survivor.notes).toBe(
    '— From Dana Reyes (dana@old.com) —\nMet at the fair.\n\n— From Dana Reyes-Smith (dana@new.com) —\nStrong on systems.',
  )
  expect(survivor.cv?.fileName).toBe('reyes.pdf')
  expect((await user.inject('GET', `/api/talents/${reyes.id}`)).statusCode).toBe(404)

  const entries = await history(user, dana.id)
  expect(entries[0]).toMatchObject({
    action: 'talent.merged',
    actor: { id: admin.user.id },
    details: { mergeId, merged: [{ id: reyes.id, fullName: 'Dana Reyes-Smith' }] },
  })
  // The merged talent's own History is shown on the survivor.
  expect(entries.filter((e) => e.action === 'talent.created').map((e) => e.entityId)).toEqual([
    reyes.id,
    dana.id,
  ])
})

test('undo brings the merged talent back exactly and the survivor as it was', async ({ api }) => {
  const { user, dana, reyes } = await pair(api)
  const admin = await api.as('admin')
  await attachCv(
    api.database.db,
    reyes.id,
    { bytes: makePdf(['Reyes CV']), fileName: 'reyes.pdf' },
    user.user,
  )
  // The CV's text is read by a job: let it finish, or it may change the talent between the reads.
  await api.app.jobs.drain()
  const reyesBefore = await read(user, reyes.id)
  const historyBefore = await history(user, reyes.id)
  const mergeId = await merge(admin, { survivorId: dana.id, mergedIds: [reyes.id], fields: {} })
  const undo = await admin.inject('POST', `/api/merges/${mergeId}/undo`)
  expect(undo.statusCode, undo.body).toBe(200)
  expect(undo.json<MergeUndone>()).toEqual({
    restored: [{ id: reyes.id, fullName: 'Dana Reyes-Smith' }],
    kept: [],
  })
  expect(await read(user, reyes.id)).toEqual(reyesBefore)
  expect(await history(user, reyes.id)).toEqual(historyBefore)
  const danaNow = await read(user, dana.id)
  expect({ ...danaNow, updatedAt: dana.updatedAt }).toEqual(dana)
  expect((await history(user, dana.id))[0]?.action).toBe('talent.merge_undone')
  // Both are duplicates again, as before.
  expect((await scanNow(api, user)).total).toBe(1)

  const twice = await admin.inject('POST', `/api/merges/${mergeId}/undo`)
  expect(twice.statusCode).toBe(409)
  expect(twice.json()).toMatchObject({ message: MERGE_ALREADY_UNDONE })
})

test('what was changed on the survivor since the merge stays and is listed', async ({ api }) => {
  const { user, dana, reyes } = await pair(api)
  const admin = await api.as('admin')
  const mergeId = await merge(admin, {
    survivorId: dana.id,
    mergedIds: [reyes.id],
    fields: { email: reyes.id },
  })
  const merged = await read(user, dana.id)
  const edit = await user.inject('PUT', `/api/talents/${dana.id}`, {
    fullName: 'Dana R. Reyes',
    email: merged.email,
    areaOfInterest: merged.areaOfInterest,
    seniorityLevel: 'senior',
    tags: merged.tags,
  })
  expect(edit.statusCode, edit.body).toBe(200)
  const undo = await admin.inject('POST', `/api/merges/${mergeId}/undo`)
  expect(undo.statusCode, undo.body).toBe(200)
  expect(undo.json<MergeUndone>().kept).toEqual([
    { field: 'fullName', value: 'Dana R. Reyes' },
    { field: 'seniorityLevel', value: 'senior' },
  ])
  expect(await read(user, dana.id)).toMatchObject({
    fullName: 'Dana R. Reyes',
    seniorityLevel: 'senior',
    email: 'dana@old.com',
    tags: ['High Potential'],
  })
  expect((await read(user, reyes.id)).email).toBe('dana@new.com')
})

test('bad merges get a clear 4xx and change nothing', async ({ api }) => {
  const { user, dana, reyes } = await pair(api)
  const admin = await api.as('admin')
  const itself = await admin.inject('POST', '/api/merges', {
    survivorId: dana.id,
    mergedIds: [dana.id],
  })
  expect(itself.statusCode).toBe(400)
  expect(itself.body).toContain(MERGE_WITH_ITSELF)
  const foreignPick = await admin.inject('POST', '/api/merges', {
    survivorId: dana.id,
    mergedIds: [reyes.id],
    fields: { email: 999 },
  })
  expect(foreignPick.statusCode).toBe(400)
  const deleted = await addTalent(user, { email: 'gone@example.com' })
  expect((await user.inject('DELETE', `/api/talents/${deleted.id}`)).statusCode).toBe(200)
  const withDeleted = await admin.inject('POST', '/api/merges', {
    survivorId: dana.id,
    mergedIds: [reyes.id, deleted.id],
  })
  expect(withDeleted.statusCode).toBe(404)
  expect(await read(user, reyes.id)).toEqual(reyes)
  const asUser = await user.inject('POST', '/api/merges', {
    survivorId: dana.id,
    mergedIds: [reyes.id],
  })
  expect(asUser.statusCode).toBe(403)
  expect((await user.inject('POST', '/api/merges/1/undo')).statusCode).toBe(403)
  expect((await admin.inject('POST', '/api/merges/999/undo')).statusCode).toBe(404)
})

test('the same pair merged twice at once: one wins, the other gets 409', async ({ api }) => {
  const { dana, reyes } = await pair(api)
  const admin = await api.as('admin')
  const [first, second] = await Promise.all([
    admin.inject('POST', '/api/merges', { survivorId: dana.id, mergedIds: [reyes.id] }),
    admin.inject('POST', '/api/merges', { survivorId: reyes.id, mergedIds: [dana.id] }),
  ])
  const statuses = [first?.statusCode, second?.statusCode].sort()
  expect(statuses).toEqual([201, 409])
  const loser = first?.statusCode === 409 ? first : second
  expect(loser?.json()).toMatchObject({ message: ALREADY_MERGED })
  const remaining = [dana.id, reyes.id].map((id) => admin.inject('GET', `/api/talents/${id}`))
  const found = (await Promise.all(remaining)).map((response) => response.statusCode).sort()
  expect(found).toEqual([200, 404])
})

test('undo after the survivor was deleted is refused clearly', async ({ api }) => {
  const { user, dana, reyes } = await pair(api)
  const admin = await api.as('admin')
  const mergeId = await merge(admin, { survivorId: dana.id, mergedIds: [reyes.id] })
  expect((await user.inject('DELETE', `/api/talents/${dana.id}`)).statusCode).toBe(200)
  const undo = await admin.inject('POST', `/api/merges/${mergeId}/undo`)
  expect(undo.statusCode).toBe(409)
  expect(undo.json()).toMatchObject({ message: SURVIVOR_DELETED })
  expect((await user.inject('GET', `/api/talents/${reyes.id}`)).statusCode).toBe(404)
})
