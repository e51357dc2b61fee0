import { eq, sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import {
  ERASE_FORBIDDEN,
  ERASE_REASON_REQUIRED,
  ERASED_PERSON_PREFIX,
  type ErasureRecord,
} from '#shared/erasure.ts'
import { erasedDetailsSchema } from '#shared/activity.ts'
import type { Talent } from '#shared/talent.ts'
import { makePdf } from '#tests/support/cv-files.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { attachCv } from '../../cvs/service.ts'
import { activityLog, talents } from '../../db/schema.ts'
import { files, talentCvs } from '../../db/file-schema.ts'
import { erasures } from '../../db/privacy-schema.ts'
import { importDryRuns, spreadsheetImports } from '../../db/import-schema.ts'
import { savedViews } from '../../db/view-schema.ts'
import { databaseFileStore } from '../../files/database-file-store.ts'
import { rawRows } from '../../db/raw-rows.ts'
import { STALE_EDIT } from '../../talents/service.ts'
import { findTraces } from './traces.test-helper.ts'

const PERSON = {
  fullName: 'Quillon Vantrask',
  email: 'quillon.vantrask@example.org',
  phone: '+44 20 7946 0958',
}
const CV_SENTENCE = 'Zanthoric orbital welding across fourteen shipyards'

async function addPerson(api: Api, caller: SignedIn): Promise<Talent> {
  const response = await caller.inject('POST', '/api/talents', {
    ...PERSON,
    linkedinUrl: 'https://www.linkedin.com/in/quillon-vantrask',
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
    notes: `Met ${PERSON.fullName} at the docks`,
    tags: ['Shipyards'],
    status: ['Shortlisted'],
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Talent>()
}

/** Five CV versions, their text read as extraction would leave it. */
async function addCvs(api: Api, talentId: number, caller: SignedIn, versions = 5) {
  for (let i = 0; i < versions; i++) {
    await attachCv(
      api.database.db,
      talentId,
      {
        bytes: makePdf([`${CV_SENTENCE} version ${i}`, PERSON.email]),
        fileName: `quillon-${i}.pdf`,
      },
      { id: caller.user.id, role: caller.user.role },
    )
  }
  const rows = await api.database.db
    .select({ sha256: talentCvs.sha256 })
    .from(talentCvs)
    .where(eq(talentCvs.talentId, talentId))
  for (const { sha256 } of rows) {
    await api.database.db
      .update(files)
      .set({ textStatus: 'ready', text: `${CV_SENTENCE}. Contact ${PERSON.email}` })
      .where(eq(files.sha256, sha256))
  }
}

/** A spreadsheet import whose file and kept dry run hold the person. */
async function addImport(api: Api, caller: SignedIn) {
  const bytes = Buffer.from(
    `Name,Email,Phone\n${PERSON.fullName},${PERSON.email},${PERSON.phone}\n`,
  )
  const { sha256 } = await databaseFileStore(api.database.db).put(bytes, 'text/csv')
  const [row] = await api.database.db
    .insert(spreadsheetImports)
    .values({
      createdById: caller.user.id,
      fileName: 'people.csv',
      sha256,
      format: 'csv',
      encoding: 'utf8',
      delimiter: ',',
      sheets: [],
      headers: ['Name', 'Email', 'Phone'],
    })
    .returning({ id: spreadsheetImports.id })
  if (!row) throw new Error('import not inserted')
  await api.database.db.insert(importDryRuns).values({
    importId: row.id,
    generation: 1,
    mapping: {},
    state: 'done',
    result: {
      ...{ total: 1, created: 1, updated: 0, skipped: 0, invalid: 0, possibleDuplicates: 1 },
      possibleDuplicateRows: [{ row: 2, fullName: PERSON.fullName, candidates: [] }],
      unmappedValues: { areaOfInterest: [], seniorityLevel: [], status: [] },
      errors: [],
    },
  })
  return row.id
}

const nameOf = (caller: SignedIn) =>
  [caller.user.firstName, caller.user.lastName].filter(Boolean).join(' ') || caller.user.email

async function edit(caller: SignedIn, talent: Talent, changes: object) {
  const response = await caller.inject('PUT', `/api/talents/${talent.id}`, {
    fullName: talent.fullName,
    email: talent.email,
    phone: talent.phone,
    areaOfInterest: talent.areaOfInterest,
    seniorityLevel: talent.seniorityLevel,
    notes: talent.notes,
    ...changes,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Talent>()
}

describe('security rule 50: erasing a talent removes every copy', () => {
  // A full scan of the database, twice: generous on a busy machine.
  test(
    'no trace of the e-mail, phone, name or a CV sentence in any column or file',
    {
      timeout: 120_000,
    },
    async ({ api }) => {
      const admin = await api.as('admin')
      const user = await api.as('user')
      const talent = await addPerson(api, user)
      await addCvs(api, talent.id, user)
      const edited = await edit(user, talent, { notes: `${PERSON.fullName} prefers calls` })
      await edit(user, edited, { phone: `${PERSON.phone} ext 2` })
      await addImport(api, user)
      await api.database.db.insert(savedViews).values({
        ownerId: user.user.id,
        name: 'Quillon',
        state: { q: `"${PERSON.fullName}"` },
      })
      // Someone else in the pool, who must stay whole.
      const other = await api.makeTalent({ fullName: 'Other Person', email: 'other@example.org' })
      const needles = [PERSON.email, PERSON.phone, PERSON.fullName, CV_SENTENCE, 'vantrask']
      const before = await findTraces(api.database.db, needles)
      expect(before.map((t) => t.where)).toEqual(
        expect.arrayContaining(['talents.full_name', 'files.text', 'activity_log.details']),
      )

      const erased = await admin.inject('POST', `/api/talents/${talent.id}/erase`, {
        reason: 'Asked by e-mail on 1 March',
      })
      expect(erased.statusCode, erased.body).toBe(200)
      expect(await findTraces(api.database.db, needles)).toEqual([])

      expect((await user.inject('GET', `/api/talents/${talent.id}`)).statusCode).toBe(404)
      expect((await user.inject('GET', `/api/talents/${other}`)).statusCode).toBe(200)
      // History entries stay, saying who erased and when.
      const entries = await api.database.db
        .select({ action: activityLog.action, details: activityLog.details })
        .from(activityLog)
        .where(sql`${activityLog.entityType} = 'talent' and ${activityLog.entityId} = ${talent.id}`)
      expect(entries.map((e) => e.action)).toEqual(
        expect.arrayContaining([
          'talent.created',
          'talent.updated',
          'talent.cv_attached',
          'talent.erased',
        ]),
      )
      for (const entry of entries.filter((e) => e.action !== 'talent.erased')) {
        expect(erasedDetailsSchema.parse(entry.details).erased.by).toBe(nameOf(admin))
        expect(Object.keys(entry.details ?? {})).toEqual(['erased'])
      }
      // The typo dictionary no longer offers the name.
      const words = await rawRows<{ word: string }>(
        api.database.db,
        sql`SELECT word FROM search_words WHERE word IN ('quillon', 'vantrask', 'shipyards')`,
      )
      expect(words.map((w) => w.word)).toEqual(['shipyards'])
      const list = await user.inject('GET', '/api/talents?q=quillon')
      expect(list.json()).toEqual([])
    },
  )

  test('the erasure record keeps hashes only; admins list it, others may not', async ({ api }) => {
    const admin = await api.as('admin')
    const user = await api.as('user')
    const talent = await addPerson(api, user)
    const response = await user.inject('POST', `/api/talents/${talent.id}/erase`, {
      reason: 'Their request',
    })
    expect(response.statusCode, response.body).toBe(200)
    const listed = await admin.inject('GET', '/api/erasures')
    expect(listed.statusCode).toBe(200)
    const [record] = listed.json<ErasureRecord[]>()
    expect(record?.reason).toBe('Their request')
    expect(record?.erasedBy).toBe(nameOf(user))
    expect(record?.emailHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(record?.phoneHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(listed.body).not.toContain('quillon')
    expect(listed.body).not.toContain('7946')
    expect((await user.inject('GET', '/api/erasures')).statusCode).toBe(403)
  })

  test('only admins and the adder may erase; bad input is a clear 4xx', async ({ api }) => {
    const user = await api.as('user')
    const other = await api.as('otherUser')
    const talent = await addPerson(api, user)
    const url = `/api/talents/${talent.id}/erase`
    const forbidden = await other.inject('POST', url, { reason: 'Because' })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json()).toEqual({ message: ERASE_FORBIDDEN })
    const noReason = await user.inject('POST', url, { reason: '  ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.reason).toEqual([
      ERASE_REASON_REQUIRED,
    ])
    expect((await user.inject('POST', url, {})).statusCode).toBe(400)
    expect((await user.inject('POST', url, { reason: 'x', extra: 1 })).statusCode).toBe(400)
    expect(
      (await user.inject('POST', '/api/talents/999999/erase', { reason: 'x' })).statusCode,
    ).toBe(404)
    expect((await user.inject('POST', '/api/talents/abc/erase', { reason: 'x' })).statusCode).toBe(
      400,
    )
    const count = await api.database.db.$count(erasures)
    expect(count).toBe(0)
  })

  test('409 and nothing erased when the talent changed since it was read', async ({ api }) => {
    const user = await api.as('user')
    const talent = await addPerson(api, user)
    await edit(user, talent, { notes: 'A newer version' })
    const response = await user.inject('POST', `/api/talents/${talent.id}/erase`, {
      reason: 'Asked',
      updatedAt: talent.updatedAt,
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: STALE_EDIT })
    expect((await user.inject('GET', `/api/talents/${talent.id}`)).statusCode).toBe(200)
    expect(await api.database.db.$count(erasures)).toBe(0)
  })

  test('a fault half-way leaves everything as it was (one transaction)', async ({ api }) => {
    const user = await api.as('user')
    const talent = await addPerson(api, user)
    await addCvs(api, talent.id, user, 2)
    await api.database.db.execute(sql`
      CREATE FUNCTION erase_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'fault injected by the test'; END $$`)
    await api.database.db.execute(sql`
      CREATE TRIGGER erase_fault BEFORE DELETE ON talents FOR EACH ROW EXECUTE FUNCTION erase_fault()`)
    try {
      const before = await findTraces(api.database.db, [PERSON.email, CV_SENTENCE])
      const response = await user.inject('POST', `/api/talents/${talent.id}/erase`, {
        reason: 'Asked',
      })
      expect(response.statusCode).toBe(500)
      expect(await findTraces(api.database.db, [PERSON.email, CV_SENTENCE])).toEqual(before)
      expect(await api.database.db.$count(erasures)).toBe(0)
      expect(await api.database.db.$count(talentCvs)).toBe(2)
    } finally {
      await api.database.db.execute(sql`DROP TRIGGER erase_fault ON talents`)
      await api.database.db.execute(sql`DROP FUNCTION erase_fault()`)
    }
  })

  test('409 while another transaction holds the talent (PostgreSQL: real concurrency)', async ({
    api,
  }) => {
    if (api.database.engine !== 'postgres') return
    const user = await api.as('user')
    const talent = await addPerson(api, user)
    await api.database.db.transaction(async (tx) => {
      await tx.select().from(talents).where(eq(talents.id, talent.id)).for('update')
      const response = await user.inject('POST', `/api/talents/${talent.id}/erase`, {
        reason: 'Asked',
      })
      expect(response.statusCode).toBe(409)
    })
    expect((await user.inject('GET', `/api/talents/${talent.id}`)).statusCode).toBe(200)
    expect(await api.database.db.$count(erasures)).toBe(0)
  })
})

describe('security rule 52: re-entry of an erased person warns', () => {
  test('the form is refused with the warning until confirmed', async ({ api }) => {
    const user = await api.as('user')
    const talent = await addPerson(api, user)
    await user.inject('POST', `/api/talents/${talent.id}/erase`, { reason: 'Asked' })
    const again = {
      fullName: 'Q. Vantrask',
      email: PERSON.email.toUpperCase(),
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    }
    const refused = await user.inject('POST', '/api/talents', again)
    expect(refused.statusCode).toBe(409)
    const body = refused.json<{ message: string; fieldErrors: { email: string[] } }>()
    expect(body.message.startsWith(ERASED_PERSON_PREFIX)).toBe(true)
    expect(body.message).toMatch(/\d{4}-\d{2}-\d{2}$/)
    expect(body.fieldErrors.email).toEqual([body.message])
    // The phone alone is recognised too, however it is spaced.
    const byPhone = await user.inject('POST', '/api/talents', {
      ...again,
      email: 'new.address@example.org',
      phone: '+442079460958',
    })
    expect(byPhone.statusCode).toBe(409)
    const confirmed = await user.inject('POST', '/api/talents', { ...again, confirmErased: true })
    expect(confirmed.statusCode, confirmed.body).toBe(201)
  })
})
