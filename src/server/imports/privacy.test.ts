import { eq, sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import { erasedPersonMessage } from '#shared/erasure.ts'
import {
  dryRunResultSchema,
  spreadsheetImportSchema,
  type DryRunResult,
} from '#shared/imports/import-api.ts'
import {
  CHOOSE_SOURCE,
  CONSENT_DATES_NEED_CONSENT,
  INVALID_DATE,
  VALID_BEFORE_GIVEN,
  type PrivacyRecord,
} from '#shared/privacy.ts'
import { apiTest as test, type SignedIn } from '#tests/support/api-test.ts'
import { uploadedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { talents } from '../db/schema.ts'
import { erasures } from '../db/privacy-schema.ts'

/*
 * Security rule 49 and 63: a spreadsheet import writes each new talent's privacy record (the
 * sheet's columns, else the import's defaults), refuses bad values with the Privacy tab's
 * messages, and holds the rows of people who asked to be erased unless the importer confirms.
 */

vi.setConfig({ testTimeout: 120_000 })

/** Uploads `csv`, saves its suggested mapping with `change`, and checks the rows. */
async function checked(
  caller: SignedIn,
  api: Parameters<typeof uploadedSpreadsheet>[0],
  csv: string,
  change: object = {},
): Promise<{ importId: number; result: DryRunResult }> {
  const created = await uploadedSpreadsheet(api, caller, 'people.csv', Buffer.from(csv))
  const saved = await caller.inject('PUT', `/api/imports/${created.importId}/mapping`, {
    ...created.suggestedMapping,
    ...change,
  })
  expect(saved.statusCode, saved.body).toBe(200)
  let answer = await caller.inject('POST', `/api/imports/${created.importId}/dry-run`)
  if (answer.statusCode === 202) {
    await api.app.jobs.drain()
    answer = await caller.inject('GET', `/api/imports/${created.importId}/dry-run`)
  }
  expect(answer.statusCode, answer.body).toBe(200)
  return { importId: created.importId, result: dryRunResultSchema.parse(answer.json()) }
}

async function run(
  caller: SignedIn,
  api: Parameters<typeof uploadedSpreadsheet>[0],
  importId: number,
  body?: object,
) {
  const started = await caller.inject('POST', `/api/imports/${importId}/run`, body)
  expect(started.statusCode, started.body).toBe(202)
  await api.app.jobs.drain()
  return spreadsheetImportSchema.parse(
    (await caller.inject('GET', `/api/imports/${importId}`)).json(),
  )
}

async function privacyOf(caller: SignedIn, email: string) {
  const list = await caller.inject('GET', `/api/talents?q=${encodeURIComponent(email)}`)
  const [talent] = list.json<{ id: number; email: string }[]>()
  if (!talent) throw new Error(`${email} was not imported`)
  return (await caller.inject('GET', `/api/talents/${talent.id}/privacy`)).json<PrivacyRecord>()
}

const PRIVACY_CSV = [
  'Name,Email,Area,Level,Source,Source Note,Lawful Basis,Consent Given On,Consent Valid Until,Informed On',
  'Ann Consent,ann@example.com,Design,mid,Event,Career fair,Consent,2025-01-02,2030-01-02,2025-01-03',
  'Bo Default,bo@example.com,Design,mid,,,,,,',
  'Cy Bad Source,cy@example.com,Design,mid,LinkedIn,,,,,',
  'Di Bad Dates,di@example.com,Design,mid,,,consent,2025-02-10,2025-02-01,31/12/2024',
  'Ed Wrong Basis,ed@example.com,Design,mid,applied,,contract,2025-01-01,,',
].join('\n')

test("security rule 49: the sheet's privacy columns and the import's defaults; bad values refused with the Privacy tab's messages", async ({
  api,
}) => {
  const user = await api.as('user')
  const { importId, result } = await checked(user, api, PRIVACY_CSV, {
    privacy: { source: 'referred', lawfulBasis: 'contract' },
  })
  expect(result).toMatchObject({ total: 5, created: 2, invalid: 3 })
  expect(result.errors.map((e) => [e.row, e.field, e.message])).toEqual([
    [4, 'privacySource', CHOOSE_SOURCE],
    [5, 'informedOn', INVALID_DATE],
    [5, 'consentValidUntil', VALID_BEFORE_GIVEN],
    [6, 'consentGivenOn', CONSENT_DATES_NEED_CONSENT],
  ])
  expect(await run(user, api, importId)).toMatchObject({ state: 'done', created: 2, invalid: 3 })
  expect(await privacyOf(user, 'ann@example.com')).toMatchObject({
    source: 'event',
    sourceDetail: 'Career fair',
    lawfulBasis: 'consent',
    consentGivenOn: '2025-01-02',
    consentValidUntil: '2030-01-02',
    informedOn: '2025-01-03',
  })
  expect(await privacyOf(user, 'bo@example.com')).toMatchObject({
    source: 'referred',
    sourceDetail: null,
    lawfulBasis: 'contract',
    consentGivenOn: null,
    informedOn: null,
  })
})

test("security rule 49: Scout's own export imports back with each talent's privacy record", async ({
  api,
}) => {
  const user = await api.as('user')
  const records = {
    'one@example.com': {
      source: 'event',
      sourceDetail: 'Fair, "hall B"',
      lawfulBasis: 'consent',
      consentGivenOn: '2024-05-06',
      consentValidUntil: '2031-05-06',
      informedOn: '2024-05-07',
    },
    'two@example.com': {
      source: 'applied',
      sourceDetail: null,
      lawfulBasis: 'contract',
      consentGivenOn: null,
      consentValidUntil: null,
      informedOn: null,
    },
  } as const
  for (const [email, privacy] of Object.entries(records)) {
    const created = await user.inject('POST', '/api/talents', {
      fullName: `Person ${email}`,
      email,
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
      tags: [],
      status: [],
      privacy,
    })
    expect(created.statusCode, created.body).toBe(201)
  }
  const exported = await user.inject('GET', '/api/talents/export?format=csv')
  expect(exported.statusCode).toBe(200)
  await api.database.db.delete(talents).where(sql`true`)

  const { importId, result } = await checked(user, api, exported.rawPayload.toString('utf8'))
  expect(result).toMatchObject({ created: 2, invalid: 0 })
  await run(user, api, importId)
  for (const [email, privacy] of Object.entries(records)) {
    expect(await privacyOf(user, email)).toMatchObject(privacy)
  }
})

test('security rule 63: a row of a person who asked to be erased is held, unless the importer confirms', async ({
  api,
}) => {
  const user = await api.as('user')
  for (const person of [
    { email: 'gone@example.com', phone: null },
    { email: 'other-address@example.com', phone: '+44 20 7946 0111' },
  ]) {
    const id = await api.makeTalent({ ...person, addedById: user.user.id })
    const erased = await user.inject('POST', `/api/talents/${id}/erase`, { reason: 'Asked' })
    expect(erased.statusCode, erased.body).toBe(200)
  }
  const [record] = await api.database.db.select().from(erasures).limit(1)
  if (!record) throw new Error('no erasure record')
  const warning = erasedPersonMessage(record.erasedAt)

  const csv = [
    'Name,Email,Phone,Area,Level',
    'Back Again,GONE@example.com,,Design,mid',
    'Same Phone,new-address@example.com,+44 20 7946 0111,Design,mid',
    'Someone New,new@example.com,,Design,mid',
  ].join('\n')
  const held = await checked(user, api, csv)
  expect(held.result).toMatchObject({ total: 3, created: 1, held: 2, skipped: 0 })
  expect(held.result.heldRows).toEqual([
    { row: 2, fullName: 'Back Again', message: warning },
    { row: 3, fullName: 'Same Phone', message: warning },
  ])
  // Not confirmed: only the new person is written; the held rows count as skipped.
  expect(await run(user, api, held.importId)).toMatchObject({ created: 1, skipped: 2 })
  const emails = async () =>
    (await api.database.db.select({ email: talents.email }).from(talents))
      .map((t) => t.email)
      .sort()
  expect(await emails()).toEqual(['new@example.com'])

  // Confirmed: the same rows are written.
  const again = await checked(user, api, csv)
  expect(again.result).toMatchObject({ created: 0, skipped: 1, held: 2 })
  const confirmed = await run(user, api, again.importId, { includeErased: true })
  expect(confirmed).toMatchObject({ created: 2, skipped: 1 })
  expect(await emails()).toEqual(['GONE@example.com', 'new-address@example.com', 'new@example.com'])
  const [back] = await api.database.db
    .select({ source: talents.privacySource })
    .from(talents)
    .where(eq(talents.email, 'GONE@example.com'))
  expect(back?.source).toBe('imported')
  // A run body that is not the schema's is a 400.
  const bad = await user.inject('POST', `/api/imports/${again.importId}/run`, {
    includeErased: 'yes',
  })
  expect(bad.statusCode).toBe(400)
})
