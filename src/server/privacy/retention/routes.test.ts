import { eq } from 'drizzle-orm'
import { describe, expect, vi } from 'vitest'
import { todayIso } from '#shared/privacy.ts'
import {
  CONDITION_REQUIRED,
  KEEP_UNTIL_PAST,
  matchesEveryoneMessage,
  NOT_DUE,
  retentionDueListSchema,
  retentionPreviewSchema,
  retentionRuleSchema,
  type RetentionRuleFormValues,
} from '#shared/retention.ts'
import type { ApiErrorBody } from '#shared/api-error.ts'
import { activityLog, talents } from '../../db/schema.ts'
import { erasures } from '../../db/privacy-schema.ts'
import { retentionDue, retentionRuns } from '../../db/retention-schema.ts'
import { apiTestWith, type Api } from '#tests/support/api-test.ts'
import { daysAgo } from '#tests/support/talent-rows.ts'
import { privacyLogRows, privacyLogText } from '#tests/support/privacy/privacy-log-rows.ts'
import { addDays } from './condition.ts'
import { scheduleRetentionRun } from './run.ts'

/** Security rule 56-58: retention rules, the Due for removal list, Keep, and the daily run. */

vi.setConfig({ testTimeout: 120_000 })

/** Real today: talents made now have updated_at now, as the no-activity rule reads it. */
const TODAY = todayIso()
/** Retention's clock for this file: tests move it forward. */
let now = new Date(`${TODAY}T09:00:00Z`)
const test = apiTestWith({ retentionClock: () => now })

function setToday(day: string) {
  now = new Date(`${day}T09:00:00Z`)
}

/** A talent on consent that ran out on `validUntil`. */
async function consentTalent(api: Api, fullName: string, validUntil: string, status?: string[]) {
  const id = await api.makeTalent({ fullName })
  await api.database.db
    .update(talents)
    .set({
      lawfulBasis: 'consent',
      consentGivenOn: '2019-01-01',
      consentValidUntil: validUntil,
      ...(status ? { status: status as never } : {}),
    })
    .where(eq(talents.id, id))
  return id
}

const expiredRule: RetentionRuleFormValues = {
  name: 'Consent expired a month ago',
  condition: { kind: 'consent-expired', amount: 30 },
  action: 'anonymise',
  exemptStatuses: ['Hired'],
}

async function runRetention(api: Api, day: string) {
  setToday(day)
  expect(await scheduleRetentionRun(api.database.db, day)).toBe(true)
  api.app.jobs.nudge()
  await api.app.jobs.drain()
}

async function talentRow(api: Api, id: number) {
  const [row] = await api.database.db.select().from(talents).where(eq(talents.id, id))
  return row
}

describe('retention rules (security rule 56)', () => {
  test('security rule 56: a rule with no condition, or one matching everyone, is refused with the count', async ({
    api,
  }) => {
    setToday(TODAY)
    const admin = await api.as('admin')
    await consentTalent(api, 'Old Consent', '2020-01-01')
    await api.makeTalent({ fullName: 'Fresh Talent', createdAt: daysAgo(1, now.getTime()) })

    const noCondition = await admin.inject('POST', '/api/privacy/rules', {
      name: 'Nothing',
      action: 'erase',
    })
    expect(noCondition.statusCode).toBe(400)
    expect(noCondition.json<ApiErrorBody>().fieldErrors?.condition).toContain(CONDITION_REQUIRED)

    const zero = await admin.inject('POST', '/api/privacy/rules', {
      ...expiredRule,
      condition: { kind: 'no-activity', amount: 0 },
    })
    expect(zero.statusCode).toBe(400)

    // Both talents untouched for a month: "no activity for 1 month" would take the whole pool.
    const everyone = await admin.inject('POST', '/api/privacy/rules', {
      ...expiredRule,
      condition: { kind: 'no-activity', amount: 1 },
    })
    expect(everyone.statusCode, everyone.body).toBe(201)
    setToday(addDays(TODAY, 90))
    const all = await admin.inject('POST', '/api/privacy/rules', {
      ...expiredRule,
      exemptStatuses: [],
      condition: { kind: 'no-activity', amount: 1 },
    })
    expect(all.statusCode).toBe(400)
    expect(all.json<ApiErrorBody>().message).toBe(matchesEveryoneMessage(2))
    // A patch that would make a rule match everyone is refused too, and changes nothing.
    const id = retentionRuleSchema.parse(everyone.json()).id
    const patch = await admin.inject('PATCH', `/api/privacy/rules/${id}`, { exemptStatuses: [] })
    expect(patch.statusCode).toBe(400)
    expect(patch.json<ApiErrorBody>().message).toBe(matchesEveryoneMessage(2))
    const list = await admin.inject('GET', '/api/privacy/rules')
    expect(list.json()).toHaveLength(1)
  })

  test('security rule 56: the preview counts and lists who the rule acts on today; exempt and kept talents are not', async ({
    api,
  }) => {
    setToday(TODAY)
    const admin = await api.as('admin')
    const expired = await consentTalent(api, 'Expired Long Ago', '2020-01-01')
    await consentTalent(api, 'Expired Yesterday', addDays(TODAY, -1))
    await consentTalent(api, 'Hired Person', '2020-01-01', ['Hired'])
    const kept = await consentTalent(api, 'Kept Person', '2020-01-01')
    await api.database.db
      .update(talents)
      .set({ keepUntil: addDays(TODAY, 30), keepReason: 'Interviewing again in spring' })
      .where(eq(talents.id, kept))
    await api.makeTalent({ fullName: 'No Consent' })

    const created = await admin.inject('POST', '/api/privacy/rules', expiredRule)
    expect(created.statusCode, created.body).toBe(201)
    const rule = retentionRuleSchema.parse(created.json())
    expect(rule).toMatchObject({ enabled: false, noticeDays: 14, dueCount: 0 })

    const preview = await admin.inject('GET', `/api/privacy/rules/${rule.id}/preview`)
    expect(preview.statusCode).toBe(200)
    const body = retentionPreviewSchema.parse(preview.json())
    expect(body.count).toBe(1)
    expect(body.total).toBe(5)
    expect(body.talents.map((t) => t.id)).toEqual([expired])

    const missing = await admin.inject('GET', '/api/privacy/rules/999999/preview')
    expect(missing.statusCode).toBe(404)
  })
})

describe('the Due for removal list and the daily run (security rule 57-58)', () => {
  test('security rule 57, 58: switched on today, a rule acts no sooner than its notice; Keep takes one off; the run anonymises the other and logs it', async ({
    api,
  }) => {
    setToday(TODAY)
    const admin = await api.as('admin')
    const first = await consentTalent(api, 'Greta Anonymised', '2020-01-01')
    const second = await consentTalent(api, 'Hugo Kept', '2020-01-01')
    await api.makeTalent({ fullName: 'Not Concerned' })
    const created = await admin.inject('POST', '/api/privacy/rules', {
      ...expiredRule,
      enabled: true,
    })
    expect(created.statusCode, created.body).toBe(201)
    const rule = retentionRuleSchema.parse(created.json())
    expect(rule.dueCount).toBe(2)

    const due = retentionDueListSchema.parse((await admin.inject('GET', '/api/privacy/due')).json())
    expect(due.map((d) => [d.talent.id, d.actOn, d.dueSince])).toEqual([
      [first, addDays(TODAY, 14), TODAY],
      [second, addDays(TODAY, 14), TODAY],
    ])

    // Today's run and next week's act on nobody: the notice has not passed.
    await runRetention(api, TODAY)
    await runRetention(api, addDays(TODAY, 7))
    expect((await talentRow(api, first))?.fullName).toBe('Greta Anonymised')

    // Keep: the date must be after today; a talent not due is a 404.
    const past = await admin.inject('POST', `/api/privacy/due/${second}/keep`, {
      reason: 'Final interview in May',
      until: addDays(TODAY, 7),
    })
    expect(past.statusCode).toBe(400)
    expect(past.json<ApiErrorBody>().message).toBe(KEEP_UNTIL_PAST)
    const notDue = await admin.inject('POST', '/api/privacy/due/999999/keep', {
      reason: 'x',
      until: '2030-01-01',
    })
    expect(notDue.statusCode).toBe(404)
    expect(notDue.json<ApiErrorBody>().message).toBe(NOT_DUE)
    const keep = await admin.inject('POST', `/api/privacy/due/${second}/keep`, {
      reason: 'Final interview in May',
      until: addDays(TODAY, 120),
    })
    expect(keep.statusCode, keep.body).toBe(200)
    const afterKeep = retentionDueListSchema.parse(
      (await admin.inject('GET', '/api/privacy/due')).json(),
    )
    expect(afterKeep.map((d) => d.talent.id)).toEqual([first])
    const [kept] = await api.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'talent.retention_kept'))
    expect(kept).toMatchObject({
      entityId: second,
      userId: admin.user.id,
      details: { reason: 'Final interview in May', keepUntil: addDays(TODAY, 120) },
    })

    await runRetention(api, addDays(TODAY, 14))
    const anonymised = await talentRow(api, first)
    expect(anonymised?.fullName).toBe(`Erased talent #${first}`)
    expect(anonymised?.anonymisedAt).not.toBeNull()
    expect((await talentRow(api, second))?.fullName).toBe('Hugo Kept')
    expect(
      retentionDueListSchema.parse((await admin.inject('GET', '/api/privacy/due')).json()),
    ).toEqual([])

    // Every run is in the privacy log (rule, mode, count), never a name or the Keep's reason.
    const entries = (await privacyLogRows(api.database.db)).filter(
      (e) => e.kind === 'retention-run',
    )
    expect(entries.map((e) => e.count)).toEqual([0, 0, 1])
    expect(entries.at(-1)).toEqual({
      kind: 'retention-run',
      actorId: null,
      talentId: null,
      count: 1,
      details: { ruleId: rule.id, mode: 'anonymise' },
    })
    const text = (await privacyLogText(api.database.db)).toLowerCase()
    for (const word of ['greta', 'hugo', 'interview']) expect(text).not.toContain(word)
    const runs = await api.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'privacy.retention_run'))
    expect(runs.at(-1)?.details).toMatchObject({
      day: addDays(TODAY, 14),
      acted: [{ ruleId: rule.id, mode: 'anonymise', count: 1 }],
    })

    // One run a day: the same day is not queued twice.
    expect(await scheduleRetentionRun(api.database.db, addDays(TODAY, 14))).toBe(false)
  })

  test('security rule 58: an erasing rule erases the talent with an erasure record by the system', async ({
    api,
  }) => {
    setToday(TODAY)
    const admin = await api.as('admin')
    const gone = await consentTalent(api, 'Ines Erased', '2020-01-01')
    const edited = await consentTalent(api, 'Jon Renewed', '2020-01-01')
    await api.makeTalent({ fullName: 'Not Concerned' })
    const created = await admin.inject('POST', '/api/privacy/rules', {
      ...expiredRule,
      action: 'erase',
      noticeDays: 3,
      enabled: true,
    })
    expect(created.statusCode, created.body).toBe(201)
    // Consent renewed within the notice: the talent leaves the list at the next run.
    await api.database.db
      .update(talents)
      .set({ consentValidUntil: '2099-01-01' })
      .where(eq(talents.id, edited))
    await runRetention(api, addDays(TODAY, 3))
    expect(await talentRow(api, gone)).toBeUndefined()
    expect((await talentRow(api, edited))?.fullName).toBe('Jon Renewed')
    const [record] = await api.database.db
      .select()
      .from(erasures)
      .where(eq(erasures.talentId, gone))
    expect(record?.erasedById).toBeNull()
    expect(record?.reason).toMatch(/^Retention rule #\d+/)
    expect(await api.database.db.select().from(retentionDue)).toEqual([])
  })

  test('security rule 57: a rule switched off or deleted lists nobody and acts on nobody', async ({
    api,
  }) => {
    setToday(TODAY)
    const admin = await api.as('admin')
    const id = await consentTalent(api, 'Kim Safe', '2020-01-01')
    await api.makeTalent({ fullName: 'Not Concerned' })
    const rule = retentionRuleSchema.parse(
      (await admin.inject('POST', '/api/privacy/rules', { ...expiredRule, enabled: true })).json(),
    )
    const off = await admin.inject('PATCH', `/api/privacy/rules/${rule.id}`, { enabled: false })
    expect(off.json()).toMatchObject({ enabled: false, dueCount: 0 })
    await runRetention(api, addDays(TODAY, 30))
    expect((await talentRow(api, id))?.fullName).toBe('Kim Safe')
    const deleted = await admin.inject('DELETE', `/api/privacy/rules/${rule.id}`)
    expect(deleted.statusCode).toBe(204)
    expect((await admin.inject('DELETE', `/api/privacy/rules/${rule.id}`)).statusCode).toBe(404)
  })

  test('security rule 58: a run resumed after a crash acts on what is still due and logs once', async ({
    api,
  }) => {
    setToday(TODAY)
    const admin = await api.as('admin')
    const ids = []
    for (let i = 0; i < 5; i++) ids.push(await consentTalent(api, `Resumed ${i}`, '2020-01-01'))
    await api.makeTalent({ fullName: 'Not Concerned' })
    await admin.inject('POST', '/api/privacy/rules', { ...expiredRule, enabled: true })
    const day = addDays(TODAY, 14)
    setToday(day)
    // As a killed run leaves it: two talents done and counted, the job queued again.
    await scheduleRetentionRun(api.database.db, day)
    const [run] = await api.database.db.select().from(retentionRuns)
    if (!run) throw new Error('no run')
    const { anonymise } = await import('../erasure/erase.ts')
    for (const id of ids.slice(0, 2)) await anonymise(api.database.db, id)
    api.app.jobs.nudge()
    await api.app.jobs.drain()
    for (const id of ids) {
      expect((await talentRow(api, id))?.fullName).toBe(`Erased talent #${id}`)
    }
    const entries = (await privacyLogRows(api.database.db)).filter(
      (e) => e.kind === 'retention-run',
    )
    expect(entries.map((e) => e.count)).toEqual([3])
  })
})
