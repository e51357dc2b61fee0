import { describe, expect } from 'vitest'
import type { ActivityAction } from '#shared/activity.ts'
import type {
  EngagementReport,
  OverviewReport,
  ReportTalent,
  SourcesReport,
} from '#shared/reports.ts'
import type { Area, SeniorityLevel, TalentStatus } from '#shared/talent.ts'
import type { Db } from '../db/open.ts'
import { activityLog, tags, talents } from '../db/schema.ts'
import { daysAgo } from '#tests/support/talent-rows.ts'
import { seededApiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'

// Reports: each report computed on a known data set, with exact numbers. Dates are
// relative to the real clock, placed mid-period so a bucket never depends on the hour.

const DAY = 24 * 3600 * 1000

/** The 15th, noon UTC, `k` calendar months before this one. */
function monthsAgo(k: number): Date {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 15, 12))
}
const monthKey = (k: number) => monthsAgo(k).toISOString().slice(0, 7)

/** Monday 00:00 UTC of the week `k` weeks before this one. */
function mondayOf(k: number): Date {
  const today = new Date()
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  const sinceMonday = (today.getUTCDay() + 6) % 7
  return new Date(midnight - (sinceMonday + 7 * k) * DAY)
}
const weekKey = (k: number) => mondayOf(k).toISOString().slice(0, 10)
/** Wednesday noon of that week. */
const inWeek = (k: number) => new Date(mondayOf(k).getTime() + 2.5 * DAY)

type Row = {
  name: string
  area: Area
  level: SeniorityLevel
  status?: TalentStatus[]
  tags?: string[]
  created: Date
  updated?: Date
  adder: number | null
}

async function insertTalents(db: Db, rows: Row[]): Promise<Map<string, number>> {
  const inserted = await db
    .insert(talents)
    .values(
      rows.map((row) => ({
        fullName: row.name,
        email: `${row.name.toLowerCase().replaceAll(' ', '.')}@example.com`,
        areaOfInterest: row.area,
        seniorityLevel: row.level,
        status: row.status ?? [],
        tags: row.tags ?? [],
        addedById: row.adder,
        createdAt: row.created,
        updatedAt: row.updated ?? row.created,
      })),
    )
    .returning({ id: talents.id, name: talents.fullName })
  return new Map(inserted.map((row) => [row.name, row.id]))
}

async function insertActivity(db: Db, action: ActivityAction, at: Date, times = 1) {
  const entityType = action.startsWith('talent.') ? 'talent' : action.split('.')[0]
  await db.insert(activityLog).values(
    Array.from({ length: times }, () => ({
      action,
      entityType: entityType ?? 'talent',
      entityId: 1,
      createdAt: at,
    })),
  )
}

const danUpdated = daysAgo(400)

let api: Api
let alice: SignedIn

function get<T>(who: SignedIn, url: string): Promise<T> {
  return api.app.inject({ url, headers: who.headers }).then((response) => {
    expect(response.statusCode, response.body).toBe(200)
    return response.json<T>()
  })
}
const overview = () => get<OverviewReport>(alice, '/api/reports/overview')
const sources = () => get<SourcesReport>(alice, '/api/reports/sources')
const engagement = () => get<EngagementReport>(alice, '/api/reports/engagement')
const names = (list: ReportTalent[]) => list.map((talent) => talent.fullName)

describe('on a known data set', () => {
  let ids: Map<string, number>
  const adders: Record<string, number> = {}

  test.beforeAll(async ({ api: fixture }) => {
    api = fixture
    const { db } = api.database
    for (const name of ['Ada', 'Bob', 'U1', 'U2', 'U3', 'U4', 'U5']) {
      adders[name] = (
        await api.makeUser({ email: `${name.toLowerCase()}@x.test`, firstName: name })
      ).id
    }
    alice = await api.signIn({ email: 'alice@x.test', firstName: 'Alice' })
    await api.makeDefaultTags()
    await db.insert(tags).values([{ name: 'Rust' }, { name: 'Needs Updating' }])
    const by = (name: string) => adders[name] ?? null
    ids = await insertTalents(db, [
      {
        name: 'Ann',
        area: 'Engineering',
        level: 'senior',
        status: ['Hired', 'Shortlisted'],
        tags: ['High Potential', 'Needs Updating'],
        created: monthsAgo(0),
        updated: daysAgo(5),
        adder: by('Ada'),
      },
      {
        name: 'Ben',
        area: 'Engineering',
        level: 'junior',
        status: ['Hired'],
        tags: ['High Potential'],
        created: monthsAgo(1),
        updated: daysAgo(1),
        adder: by('Bob'),
      },
      {
        name: 'Cat',
        area: 'Design',
        level: 'junior',
        created: monthsAgo(3),
        updated: daysAgo(89),
        adder: by('Bob'),
      },
      {
        name: 'Dan',
        area: 'Health',
        level: 'exec',
        status: ['Interviewed'],
        tags: ['Rust'],
        created: monthsAgo(30),
        updated: danUpdated,
        adder: null,
      },
      {
        name: 'Eve',
        area: 'Design',
        level: 'mid',
        tags: ['Needs Updating'],
        created: monthsAgo(13),
        updated: new Date(Date.now() - 90 * DAY - 60_000),
        adder: by('Ada'),
      },
      ...['U1', 'U2', 'U3', 'U4', 'U5'].map((user) => ({
        name: `Talent ${user}`,
        area: 'Science' as const,
        level: 'intern' as const,
        created: monthsAgo(2),
        updated: daysAgo(10),
        adder: by(user),
      })),
      {
        name: 'Nul',
        area: 'Science',
        level: 'intern',
        status: ['Pending Feedback'],
        created: monthsAgo(2),
        updated: daysAgo(20),
        adder: null,
      },
    ])
    await insertActivity(db, 'talent.created', inWeek(0), 2)
    await insertActivity(db, 'talent.created', inWeek(3))
    await insertActivity(db, 'talent.created', inWeek(26)) // before the window
    await insertActivity(db, 'talent.updated', inWeek(0))
    await insertActivity(db, 'talent.updated', inWeek(25), 3) // the window's first week
    await insertActivity(db, 'talent.deleted', inWeek(1))
    await insertActivity(db, 'session.signed_in', inWeek(0), 5) // not a talent write
    await insertActivity(db, 'tag.created', inWeek(0))
  })

  test('overview: totals by area, level and status, and the pool month by month', async () => {
    const report = await overview()
    expect(report.total).toBe(11)
    const areas = Object.fromEntries(report.byArea.map((row) => [row.area, row.count]))
    expect(report.byArea).toHaveLength(13)
    expect(areas).toMatchObject({ Engineering: 2, Design: 2, Health: 1, Science: 6 })
    expect(areas['Arts & Culture']).toBe(0)
    expect(report.bySeniority).toEqual([
      { level: 'intern', count: 6 },
      { level: 'junior', count: 2 },
      { level: 'mid', count: 1 },
      { level: 'senior', count: 1 },
      { level: 'exec', count: 1 },
    ])
    expect(report.byStatus).toEqual([
      { status: 'Interview Scheduled', count: 0 },
      { status: 'Interviewed', count: 1 },
      { status: 'Pending Feedback', count: 1 },
      { status: 'Hired', count: 2 },
      { status: 'Needs Updating', count: 0 },
      { status: 'Shortlisted', count: 1 },
      { status: 'Open for Hiring', count: 0 },
    ])
    expect(report.withoutStatus).toBe(7)

    // 24 months; Dan (30 months ago) is counted from the start.
    expect(report.growth).toHaveLength(24)
    expect(report.growth[0]).toEqual({ month: monthKey(23), added: 0, total: 1 })
    const at = (k: number) => report.growth.find((row) => row.month === monthKey(k))
    expect(at(13)).toEqual({ month: monthKey(13), added: 1, total: 2 })
    expect(at(3)).toEqual({ month: monthKey(3), added: 1, total: 3 })
    expect(at(2)).toEqual({ month: monthKey(2), added: 6, total: 9 })
    expect(at(1)).toEqual({ month: monthKey(1), added: 1, total: 10 })
    expect(report.growth.at(-1)).toEqual({ month: monthKey(0), added: 1, total: 11 })
  })

  test('sources: the top six adders per month, the others summed, and the most used tags', async () => {
    const report = await sources()
    expect(report.months).toEqual(Array.from({ length: 12 }, (_, i) => monthKey(11 - i)))
    expect(report.addedInPeriod).toBe(9)
    const perMonth = (counts: Record<number, number>) =>
      report.months.map((_, i) => counts[11 - i] ?? 0)
    const user = (name: string) => ({
      id: adders[name],
      firstName: name,
      lastName: 'Person',
      email: `${name.toLowerCase()}@x.test`,
    })
    expect(report.adders).toEqual([
      { kind: 'user', user: user('Bob'), total: 2, perMonth: perMonth({ 1: 1, 3: 1 }) },
      { kind: 'user', user: user('Ada'), total: 1, perMonth: perMonth({ 0: 1 }) },
      ...['U1', 'U2', 'U3', 'U4'].map((name) => ({
        kind: 'user',
        user: user(name),
        total: 1,
        perMonth: perMonth({ 2: 1 }),
      })),
      { kind: 'others', user: null, total: 1, perMonth: perMonth({ 2: 1 }) },
      { kind: 'none', user: null, total: 1, perMonth: perMonth({ 2: 1 }) },
    ])
    expect(report.topTags).toEqual([
      { name: 'High Potential', count: 2 },
      { name: 'Needs Updating', count: 2 },
      { name: 'Rust', count: 1 },
    ])
    expect(report.tagsInUse).toBe(3)
  })

  test('engagement: talent writes per week, stale profiles and Needs Updating', async () => {
    const report = await engagement()
    expect(report.activity).toHaveLength(26)
    expect(report.activity[0]).toEqual({ week: weekKey(25), created: 0, updated: 3, deleted: 0 })
    expect(report.activity[22]).toEqual({ week: weekKey(3), created: 1, updated: 0, deleted: 0 })
    expect(report.activity[24]).toEqual({ week: weekKey(1), created: 0, updated: 0, deleted: 1 })
    expect(report.activity[25]).toEqual({ week: weekKey(0), created: 2, updated: 1, deleted: 0 })
    expect(report.totals).toEqual({ created: 3, updated: 4, deleted: 1 })

    // 90 days and a minute counts; 89 days does not. Longest untouched first.
    expect(report.stale.count).toBe(2)
    expect(names(report.stale.talents)).toEqual(['Dan', 'Eve'])
    expect(report.stale.talents[0]).toEqual({
      id: ids.get('Dan'),
      fullName: 'Dan',
      areaOfInterest: 'Health',
      updatedAt: danUpdated.toISOString(),
    })
    expect(report.needsUpdating.count).toBe(2)
    expect(names(report.needsUpdating.talents)).toEqual(['Eve', 'Ann'])
  })

  test('a talent written through the API shows in every report at once', async () => {
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/talents',
      headers: alice.headers,
      payload: {
        fullName: 'New Person',
        email: 'new.person@example.com',
        areaOfInterest: 'Law & Ethics',
        seniorityLevel: 'mid',
        tags: ['Rust'],
        status: ['Hired'],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const report = await overview()
    expect(report.total).toBe(12)
    expect(report.byArea.find((row) => row.area === 'Law & Ethics')?.count).toBe(1)
    expect(report.byStatus.find((row) => row.status === 'Hired')?.count).toBe(3)
    expect(report.growth.at(-1)).toEqual({ month: monthKey(0), added: 2, total: 12 })
    const source = await sources()
    expect(source.addedInPeriod).toBe(10)
    expect(source.topTags).toContainEqual({ name: 'Rust', count: 2 })
    expect((await engagement()).totals.created).toBe(4)

    const id = created.json<{ id: number }>().id
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/api/talents/${id}`,
      headers: alice.headers,
    })
    expect(deleted.statusCode).toBe(200)
    expect((await overview()).total).toBe(11)
    expect((await engagement()).totals).toEqual({ created: 4, updated: 4, deleted: 2 })
  })
})

describe('on an empty database, then a small one', () => {
  test.beforeAll(async ({ api: fixture }) => {
    api = fixture
    await api.reset()
    alice = await api.signIn({ email: 'alice@x.test' })
  })

  test('every report answers zeros and empty lists', async () => {
    const report = await overview()
    expect(report).toMatchObject({ total: 0, growth: [], withoutStatus: 0 })
    expect(report.byArea.every((row) => row.count === 0)).toBe(true)
    expect(report.bySeniority.every((row) => row.count === 0)).toBe(true)
    expect(report.byStatus.every((row) => row.count === 0)).toBe(true)
    expect(await sources()).toMatchObject({
      adders: [],
      addedInPeriod: 0,
      topTags: [],
      tagsInUse: 0,
    })
    const activity = await engagement()
    expect(activity.activity).toHaveLength(26)
    expect(activity.activity.every((w) => w.created + w.updated + w.deleted === 0)).toBe(true)
    expect(activity.stale).toEqual({ count: 0, talents: [] })
    expect(activity.needsUpdating).toEqual({ count: 0, talents: [] })
  })

  test('the pool starts at its first month, and lists stop at 20, oldest first', async () => {
    const { db } = api.database
    await insertTalents(
      db,
      Array.from({ length: 22 }, (_, i) => ({
        name: `Old ${String(i).padStart(2, '0')}`,
        area: 'Health' as const,
        level: 'mid' as const,
        tags: ['Needs Updating'],
        created: monthsAgo(2),
        updated: new Date(daysAgo(100).getTime() - i * DAY),
        adder: null,
      })),
    )
    // Straight into the database, as another process would: the data version tells this one.
    expect((await overview()).growth).toEqual([
      { month: monthKey(2), added: 22, total: 22 },
      { month: monthKey(1), added: 0, total: 22 },
      { month: monthKey(0), added: 0, total: 22 },
    ])
    const report = await engagement()
    expect(report.stale.count).toBe(22)
    expect(report.stale.talents).toHaveLength(20)
    expect(report.stale.talents[0]?.fullName).toBe('Old 21')
    expect(report.needsUpdating.count).toBe(22)
    expect(names(report.needsUpdating.talents)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Old ${String(21 - i).padStart(2, '0')}`),
    )
  })
})
