import { and, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { DuplicateGroups } from '#shared/duplicates.ts'
import type { Talent } from '#shared/talent.ts'
import { jobs } from '../db/job-schema.ts'
import { apiTestWith, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { addTalent, scanNow } from '#tests/support/duplicate-talents.ts'
import { IMPORT_CV_ITEM } from '../cv-imports/start.ts'
import { SCAN_DUPLICATES } from './scan-schedule.ts'

const test = apiTestWith({ defaultPhoneRegion: 'US' })

async function groups(caller: SignedIn): Promise<DuplicateGroups> {
  const response = await caller.inject('GET', '/api/duplicates')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<DuplicateGroups>()
}

async function scanJobs(api: Api) {
  return api.database.db
    .select({ state: jobs.state, runAt: jobs.runAt })
    .from(jobs)
    .where(eq(jobs.kind, SCAN_DUPLICATES))
}

async function queuedScans(api: Api): Promise<number> {
  const rows = await api.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, SCAN_DUPLICATES), eq(jobs.state, 'queued')))
  return rows.length
}

const ids = (found: DuplicateGroups) => found.groups.map((g) => g.talents.map((t) => t.id))

test('the scan job stores the pool grouped, strongest first: a chain of pairs is one group', async ({
  api,
}) => {
  const user = await api.as('user')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0134' })
  const b = await addTalent(user, {
    fullName: 'D. Reyes',
    email: 'b@example.com',
    phone: '(415) 555-0134',
    linkedinUrl: 'https://linkedin.com/in/dreyes',
  })
  const c = await addTalent(user, {
    fullName: 'Someone Else',
    email: 'c@example.com',
    areaOfInterest: 'Health',
    linkedinUrl: 'https://www.linkedin.com/in/dreyes/',
  })
  const x = await addTalent(user, { fullName: 'Mark Twain', email: 'mark@one.com' })
  const y = await addTalent(user, { fullName: 'Mark Twains', email: 'twain@two.com' })
  const n = await addTalent(user, { fullName: 'Ann Lee', email: 'ann.lee@one.com' })
  const m = await addTalent(user, {
    fullName: 'Ann  Lee',
    email: 'Ann.Lee+jobs@two.com',
    areaOfInterest: 'Science',
  })
  await addTalent(user, { fullName: 'Alone Here', email: 'alone@example.com' })
  const found = await scanNow(api, user)
  expect(found.total).toBe(3)
  expect(found.groups.map((g) => [g.talents.map((t) => t.id), g.reasons])).toEqual([
    [
      [a.id, b.id, c.id],
      ['same phone number', 'same LinkedIn profile'],
    ],
    [[n.id, m.id], ['same name and e-mail name']],
    [[x.id, y.id], ['similar name in the same area']],
  ])
  expect(found.groups[0]?.confidence).toBe(0.95)
  expect(found.groups[2]?.confidence).toBeLessThan(0.85)
  expect(found.scannedAt).not.toBeNull()
  // Stored: read again, the same groups come back without another scan.
  expect(await groups(user)).toEqual(found)
})

test('GET /api/duplicates answers from the stored result and says whether a scan is on its way', async ({
  api,
}) => {
  const user = await api.as('user')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0134' })
  const b = await addTalent(user, { email: 'b@example.com', phone: '+14155550134' })
  // Never scanned: nothing stored yet, and the first look queues a scan rather than running one.
  expect(await groups(user)).toEqual({ total: 0, groups: [], scannedAt: null, scanning: true })
  await api.app.jobs.drain()
  const first = await groups(user)
  expect(ids(first)).toEqual([[a.id, b.id]])
  expect(first.scanning).toBe(false)
  // A new duplicate: the stored result stays as it was until the scheduled scan has run.
  await addTalent(user, { fullName: 'Other Person', email: 'c@example.com', phone: '415 555 0134' })
  const meanwhile = await groups(user)
  expect(ids(meanwhile)).toEqual([[a.id, b.id]])
  expect(meanwhile).toMatchObject({ scannedAt: first.scannedAt, scanning: true })
  const after = await scanNow(api, user)
  expect(after.groups[0]?.talents).toHaveLength(3)
  expect(Date.parse(after.scannedAt ?? '')).toBeGreaterThan(Date.parse(first.scannedAt ?? ''))
})

test('a talent edit schedules one rescan a few seconds later; writes never queue two', async ({
  api,
}) => {
  const user = await api.as('user')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0100' })
  const b = await addTalent(user, {
    fullName: 'Bo Brandt',
    email: 'b@example.com',
    phone: '+1 415 555 0199',
  })
  expect((await scanNow(api, user)).total).toBe(0)
  expect(await queuedScans(api)).toBe(0)

  // Notes are no duplicate rule: no scan for them.
  const fields = ({ fullName, email, phone, areaOfInterest, seniorityLevel }: Talent) => ({
    fullName,
    email,
    phone,
    areaOfInterest,
    seniorityLevel,
  })
  const notes = await user.inject('PUT', `/api/talents/${a.id}`, { ...fields(a), notes: 'Hi.' })
  expect(notes.statusCode, notes.body).toBe(200)
  expect(await queuedScans(api)).toBe(0)

  const edit = await user.inject('PUT', `/api/talents/${b.id}`, {
    ...fields(b),
    phone: '415 555 0100',
  })
  expect(edit.statusCode, edit.body).toBe(200)
  const [queued] = await scanJobs(api).then((rows) => rows.filter((r) => r.state === 'queued'))
  expect(queued?.runAt.getTime()).toBeGreaterThan(Date.now())
  // A burst of writes at once, and 'Scan again' twice: still one queued scan.
  await Promise.all(
    ['Cy', 'Di', 'Ed', 'Flo'].map((name) =>
      addTalent(user, { fullName: `${name} Unique`, email: `${name}@example.com` }),
    ),
  )
  for (let i = 0; i < 2; i++) {
    expect((await user.inject('POST', '/api/duplicates/scan')).statusCode).toBe(202)
  }
  expect(await queuedScans(api)).toBe(1)
  await api.app.jobs.drain()
  expect(ids(await groups(user))).toEqual([[a.id, b.id]])
  expect(await queuedScans(api)).toBe(0)
})

test('the scan gives way to an import: while one runs it queues itself a few seconds later', async ({
  api,
}) => {
  const user = await api.as('user')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0134' })
  const b = await addTalent(user, { email: 'b@example.com', phone: '+14155550134' })
  // A CV import's item, taken by a runner (its lease far ahead, so no runner here takes it).
  const [item] = await api.database.db
    .insert(jobs)
    .values({
      kind: IMPORT_CV_ITEM,
      payload: {},
      state: 'running',
      lockedUntil: sql`now() + interval '1 hour'`,
    })
    .returning({ id: jobs.id })
  expect((await user.inject('POST', '/api/duplicates/scan')).statusCode).toBe(202)
  await api.app.jobs.drain()
  const waiting = (await scanJobs(api)).filter((r) => r.state === 'queued')
  expect(waiting).toHaveLength(1)
  expect(waiting[0]?.runAt.getTime()).toBeGreaterThan(Date.now())
  expect(await groups(user)).toMatchObject({ total: 0, scannedAt: null, scanning: true })

  // The import is done: the scan runs ('Scan again' makes the waiting one due now).
  await api.database.db.delete(jobs).where(eq(jobs.id, item!.id))
  expect(ids(await scanNow(api, user))).toEqual([[a.id, b.id]])
  expect(await queuedScans(api)).toBe(0)
})

test("'Not duplicates' takes the pair out at once and is remembered, for anyone", async ({
  api,
}) => {
  const user = await api.as('user')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0134' })
  const b = await addTalent(user, { email: 'b@example.com', phone: '+14155550134' })
  const x = await addTalent(user, { fullName: 'Mark Twain', email: 'mark@one.com' })
  const y = await addTalent(user, { fullName: 'Mark Twains', email: 'twain@two.com' })
  expect((await scanNow(api, user)).total).toBe(2)
  const dismiss = await user.inject('POST', '/api/duplicates/dismiss', { ids: [b.id, a.id] })
  expect(dismiss.statusCode, dismiss.body).toBe(200)
  expect(dismiss.json()).toEqual({ dismissed: 1 })
  // No scan ran: the stored result lost the pair in the dismissal's own transaction.
  const now = await groups(await api.as('admin'))
  expect(ids(now)).toEqual([[x.id, y.id]])
  expect(now.scanning).toBe(false)
  // Saying it again is no error.
  expect(
    (await user.inject('POST', '/api/duplicates/dismiss', { ids: [a.id, b.id] })).statusCode,
  ).toBe(200)
  // The next scan remembers it; a third talent with the same phone is new news: it groups with both.
  expect(ids(await scanNow(api, user))).toEqual([[x.id, y.id]])
  const c = await addTalent(user, { email: 'c@example.com', phone: '415 555 0134' })
  expect(ids(await scanNow(api, user))).toEqual([
    [a.id, b.id, c.id],
    [x.id, y.id],
  ])
})

test('a merge takes its group off the page at once; the other groups stay', async ({ api }) => {
  const user = await api.as('user')
  const admin = await api.as('admin')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0134' })
  const b = await addTalent(user, { email: 'b@example.com', phone: '+14155550134' })
  const x = await addTalent(user, { fullName: 'Mark Twain', email: 'mark@one.com' })
  const y = await addTalent(user, { fullName: 'Mark Twains', email: 'twain@two.com' })
  expect((await scanNow(api, user)).total).toBe(2)
  const merged = await admin.inject('POST', '/api/merges', { survivorId: a.id, mergedIds: [b.id] })
  expect(merged.statusCode, merged.body).toBe(201)
  const now = await groups(user)
  expect(ids(now)).toEqual([[x.id, y.id]])
  expect(now.total).toBe(1)
  // The merge changed talents, so a rescan is on its way; it agrees.
  expect(now.scanning).toBe(true)
  expect(ids(await scanNow(api, user))).toEqual([[x.id, y.id]])
})

test('dismissing needs two talents; bad bodies are 400s', async ({ api }) => {
  const user = await api.as('user')
  for (const body of [{ ids: [1] }, { ids: [1, 1] }, { ids: [] }, { ids: ['x', 2] }, {}]) {
    const response = await user.inject('POST', '/api/duplicates/dismiss', body)
    expect(response.statusCode, JSON.stringify(body)).toBe(400)
  }
})
