import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { FieldChange } from '#shared/activity.ts'
import { talentInputSchema } from '#shared/talent.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import { phoneE164, refreshPhoneKeys } from '../../src/server/duplicates/phone-keys.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { generateEdits } from './activity.ts'
import { CUSTOM_TAGS, createFaker, generateTalents, generateUsers } from './generate.ts'
import { insertTags, insertTalents, insertUsers } from './insert.ts'

const refDate = new Date('2026-01-01T00:00:00Z')

test('the same seed gives the same talents; rows pass the shared input schema', () => {
  const a = generateTalents(createFaker(7, refDate), 50, 3, refDate)
  const b = generateTalents(createFaker(7, refDate), 50, 3, refDate)
  expect(a).toEqual(b)
  expect(generateTalents(createFaker(8, refDate), 50, 3, refDate).email).not.toEqual(a.email)
  a.fullName.forEach((fullName, i) => {
    const parsed = talentInputSchema.safeParse({
      fullName,
      email: a.email[i],
      phone: a.phone[i],
      linkedinUrl: a.linkedinUrl[i],
      areaOfInterest: a.areaOfInterest[i],
      seniorityLevel: a.seniorityLevel[i],
      notes: a.notes[i],
    })
    expect(parsed.error?.issues ?? []).toEqual([])
  })
})

test('bulk insert: unique e-mails, arrays intact, reruns skip existing rows', async ({
  database,
}) => {
  const { db } = database
  const faker = createFaker(42, refDate)
  const userIds = await insertUsers(db, generateUsers(faker, 3), 'unusable')
  expect(new Set(userIds).size).toBe(3)
  await insertTags(db, CUSTOM_TAGS)
  const columns = generateTalents(faker, 500, userIds.length, refDate)
  expect(await insertTalents(db, columns, userIds)).toBe(500)
  expect(await insertTalents(db, columns, userIds)).toBe(0)
  const [stats] = await rawRows<{ n: number; emails: number; tagged: number; oldest: string }>(
    db,
    sql`select count(*)::int as n, count(distinct lower(email))::int as emails,
               count(*) filter (where cardinality(tags) > 0)::int as tagged,
               min(created_at)::text as oldest
        from talents`,
  )
  expect(stats).toMatchObject({ n: 500, emails: 500 })
  expect(stats?.tagged).toBeGreaterThan(250)
  const first = await rawRows<{ tags: string[] }>(
    db,
    sql`select tags from talents order by id limit 1`,
  )
  expect(first[0]?.tags.join('\u001f')).toBe(columns.tags[0])
})

test('activity: a talent.created per new talent, edits that end at the stored values, deterministic', async ({
  database,
}) => {
  const { db } = database
  await db.execute(sql`truncate talents, activity_log restart identity cascade`)
  const userIds = await insertUsers(db, generateUsers(createFaker(1, refDate), 4), 'unusable')
  const columns = generateTalents(createFaker(5, refDate), 300, userIds.length, refDate)
  const edits = generateEdits(createFaker(6, refDate), columns, userIds.length)
  expect(generateEdits(createFaker(6, refDate), columns, userIds.length)).toEqual(edits)
  expect(edits.email.length).toBeGreaterThan(100)
  expect(await insertTalents(db, columns, userIds, { edits })).toBe(300)
  expect(await insertTalents(db, columns, userIds, { edits })).toBe(0)

  const counts = await rawRows<{ action: string; n: number; talents: number }>(
    db,
    sql`select action, count(*)::int as n, count(distinct entity_id)::int as talents
        from activity_log group by action order by action`,
  )
  expect(counts).toEqual([
    { action: 'talent.created', n: 300, talents: 300 },
    { action: 'talent.updated', n: edits.email.length, talents: new Set(edits.email).size },
  ])
  // Each edit's changes end at what the talent holds now, dated between its creation and update.
  const rows = await rawRows<{ details: { changes: FieldChange[] }; row: Record<string, unknown> }>(
    db,
    sql`select a.details, jsonb_build_object('status', t.status, 'seniorityLevel', t.seniority_level,
               'tags', t.tags, 'phone', t.phone, 'notes', t.notes,
               'inRange', a.created_at between t.created_at and t.updated_at) as row
        from activity_log a join talents t on t.id = a.entity_id
        where a.action = 'talent.updated'`,
  )
  for (const { details, row } of rows) {
    expect(row.inRange).toBe(true)
    for (const change of details.changes) {
      expect(change.to).toEqual(row[change.field])
      expect(change.from).not.toEqual(change.to)
    }
  }
})

test('phones are stored with their keys in DEFAULT_PHONE_REGION: a start after the seed has none to fill', async ({
  database,
}) => {
  const { db } = database
  await db.execute(sql`truncate talents, activity_log restart identity cascade`)
  const columns = generateTalents(createFaker(9, refDate), 300, 0, refDate)
  expect(await insertTalents(db, columns, [], { phoneRegion: 'US' })).toBe(300)

  const rows = await rawRows<{ phone: string; key: string | null }>(
    db,
    sql`select phone, phone_e164 as key from talents where phone is not null`,
  )
  expect(rows.length).toBeGreaterThan(150)
  for (const row of rows) expect(row.key).toBe(phoneE164(row.phone, 'US'))
  expect(rows.filter((row) => row.key !== '').length).toBeGreaterThan(150)
  expect(await refreshPhoneKeys(db, 'US')).toBe(0)
})
