import { describe, expect, vi } from 'vitest'
import { z } from 'zod'
import {
  PRIVACY_LOG_CSV_HEADERS,
  privacyLogEntrySchema,
  type PrivacyEvent,
} from '#shared/privacy-log.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { csvRecords } from '#tests/support/export-files.ts'
import { privacyLogRows, privacyLogText } from '#tests/support/privacy/privacy-log-rows.ts'
import { recordPrivacyEvent } from './record.ts'

/** Security rule 54-55: the privacy log, its entries from spreadsheet exports, its API. */

// The first test of a file also starts its app, on a machine that runs many suites at once.
vi.setConfig({ testTimeout: 120_000 })

const NAME = 'Saoirse Privacy-Nakamura'
const EMAIL = 'saoirse.pn@example.com'

async function record(api: Api, events: PrivacyEvent[]) {
  for (const event of events) await recordPrivacyEvent(api.database.db, event)
}

const pageSchema = z.array(privacyLogEntrySchema)

describe('spreadsheet exports are in the privacy log (security rule 54)', () => {
  test('CSV and XLSX of a view, and a selection: who, how many, which format', async ({ api }) => {
    const user = await api.as('user')
    const ids = [
      await api.makeTalent({ fullName: NAME, email: EMAIL, addedById: user.user.id }),
      await api.makeTalent({ fullName: 'Other Person', addedById: user.user.id }),
    ]
    for (const url of ['/api/talents/export?format=csv', '/api/talents/export?format=xlsx']) {
      const response = await user.inject('GET', url)
      expect(response.statusCode, response.body).toBe(200)
    }
    const selection = await user.inject('POST', '/api/talents/export', {
      format: 'csv',
      ids: [...ids, 2_000_000],
    })
    expect(selection.statusCode, selection.body).toBe(200)
    expect(await privacyLogRows(api.database.db)).toEqual([
      {
        kind: 'spreadsheet-export',
        actorId: user.user.id,
        talentId: null,
        count: 2,
        details: { format: 'csv', scope: 'filter' },
      },
      {
        kind: 'spreadsheet-export',
        actorId: user.user.id,
        talentId: null,
        count: 2,
        details: { format: 'xlsx', scope: 'filter' },
      },
      {
        kind: 'spreadsheet-export',
        actorId: user.user.id,
        talentId: null,
        count: 2,
        details: { format: 'csv', scope: 'selection', requested: 3 },
      },
    ])
  })

  test('security rule 55: a search naming a person leaves no trace of it in the log', async ({
    api,
  }) => {
    const user = await api.as('user')
    await api.makeTalent({ fullName: NAME, email: EMAIL })
    const q = encodeURIComponent(`"${NAME}" ${EMAIL}`)
    const response = await user.inject(
      'GET',
      `/api/talents/export?format=csv&q=${q}&search=Saoirse`,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(await privacyLogRows(api.database.db)).toHaveLength(1)
    const stored = (await privacyLogText(api.database.db)).toLowerCase()
    for (const part of ['saoirse', 'nakamura', 'example.com']) expect(stored).not.toContain(part)
  })
})

describe('erasures and consent changes are in the privacy log (security rule 54)', () => {
  test('an erasure writes one entry naming the talent by id, in its transaction', async ({
    api,
  }) => {
    const user = await api.as('user')
    const id = await api.makeTalent({ fullName: NAME, email: EMAIL, addedById: user.user.id })
    const response = await user.inject('POST', `/api/talents/${id}/erase`, { reason: 'Asked' })
    expect(response.statusCode, response.body).toBe(200)
    expect(await privacyLogRows(api.database.db)).toEqual([
      { kind: 'erasure', actorId: user.user.id, talentId: id, count: 1, details: {} },
    ])
    const stored = (await privacyLogText(api.database.db)).toLowerCase()
    expect(stored).not.toContain('saoirse')
    expect(stored).not.toContain('asked')
  })

  test('a refused erasure writes nothing', async ({ api }) => {
    const user = await api.as('user')
    const other = await api.as('otherUser')
    const id = await api.makeTalent({ addedById: user.user.id })
    const refused = await other.inject('POST', `/api/talents/${id}/erase`, { reason: 'x' })
    expect(refused.statusCode).toBe(403)
    expect(await privacyLogRows(api.database.db)).toEqual([])
  })

  test("the Privacy tab's basis or consent dates changed: a 'consent-change' entry", async ({
    api,
  }) => {
    const user = await api.as('user')
    const id = await api.makeTalent({ addedById: user.user.id })
    const url = `/api/talents/${id}/privacy`
    const put = (body: object) =>
      user.inject('PUT', url, { source: 'applied', lawfulBasis: 'legitimate interest', ...body })
    // Source and informed-on alone are no consent change.
    expect((await put({ informedOn: '2025-01-01' })).statusCode).toBe(200)
    expect(await privacyLogRows(api.database.db)).toEqual([])
    const consent = { lawfulBasis: 'consent', consentGivenOn: '2025-01-02' }
    expect((await put(consent)).statusCode).toBe(200)
    expect((await put({ ...consent, consentValidUntil: '2027-01-02' })).statusCode).toBe(200)
    // The same record again changes nothing: no entry.
    expect((await put({ ...consent, consentValidUntil: '2027-01-02' })).statusCode).toBe(200)
    const entry = { kind: 'consent-change', actorId: user.user.id, talentId: id, count: null }
    expect(await privacyLogRows(api.database.db)).toEqual([
      { ...entry, details: {} },
      { ...entry, details: {} },
    ])
  })
})

describe('recordPrivacyEvent', () => {
  test('refuses a detail that could carry text, and writes nothing', async ({ api }) => {
    const admin = await api.as('admin')
    const event = {
      kind: 'erasure',
      actorId: admin.user.id,
      details: { reason: `asked by ${EMAIL}` },
    } as unknown as PrivacyEvent
    await expect(recordPrivacyEvent(api.database.db, event)).rejects.toThrow()
    const unknownKind = { kind: 'lookup', actorId: admin.user.id } as unknown as PrivacyEvent
    await expect(recordPrivacyEvent(api.database.db, unknownKind)).rejects.toThrow()
    expect(await privacyLogRows(api.database.db)).toEqual([])
  })
})

describe('GET /api/privacy/log', () => {
  test('admins page through it newest first; users are refused', async ({ api }) => {
    const admin = await api.as('admin')
    await record(
      api,
      Array.from({ length: 7 }, (_, i) => ({
        kind: 'personal-data-export' as const,
        actorId: admin.user.id,
        talentId: i + 1,
        count: 1,
        details: { format: 'zip' as const },
      })),
    )
    await record(api, [
      {
        kind: 'retention-run',
        actorId: null,
        count: 12,
        details: { ruleId: 3, mode: 'anonymise' },
      },
    ])

    const first = await admin.inject('GET', '/api/privacy/log?limit=5')
    expect(first.statusCode, first.body).toBe(200)
    const firstPage = pageSchema.parse(first.json())
    expect(firstPage.map((e) => e.talentId)).toEqual([null, 7, 6, 5, 4])
    expect(firstPage[0]).toMatchObject({
      kind: 'retention-run',
      actor: null,
      count: 12,
      details: { ruleId: 3, mode: 'anonymise' },
    })
    expect(firstPage[1]?.actor).toEqual({
      id: admin.user.id,
      firstName: admin.user.firstName,
      lastName: admin.user.lastName,
      email: admin.user.email,
    })
    const cursor = first.headers['x-next-cursor']
    expect(typeof cursor).toBe('string')
    const second = await admin.inject('GET', `/api/privacy/log?limit=5&cursor=${String(cursor)}`)
    expect(pageSchema.parse(second.json()).map((e) => e.talentId)).toEqual([3, 2, 1])
    expect(second.headers['x-next-cursor']).toBeUndefined()

    const user = await api.as('user')
    expect((await user.inject('GET', '/api/privacy/log')).statusCode).toBe(403)
  })

  test('an empty log is an empty page', async ({ api }) => {
    const response = await (await api.as('admin')).inject('GET', '/api/privacy/log')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  test('bad paging is a 400 with a message', async ({ api }) => {
    const admin = await api.as('admin')
    for (const query of [
      'cursor=abc',
      'cursor=0',
      'cursor=99999999999',
      'limit=0',
      'limit=201',
      'format=pdf',
      'other=1',
    ]) {
      const response = await admin.inject('GET', `/api/privacy/log?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json<{ message: string }>().message, query).toBeTruthy()
    }
  })

  test('format=csv: the whole log through the house CSV writer, and it parses', async ({ api }) => {
    const admin = await api.as('admin')
    const events: PrivacyEvent[] = Array.from({ length: 620 }, (_, i) => ({
      kind: 'spreadsheet-export',
      actorId: admin.user.id,
      count: i,
      details: { format: 'xlsx', scope: 'selection', requested: i + 1 },
    }))
    await record(api, events)
    const response = await admin.inject('GET', '/api/privacy/log?format=csv&limit=1')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="scout-privacy-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const text = response.rawPayload.toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = csvRecords(text.slice(1))
    expect(header).toEqual([...PRIVACY_LOG_CSV_HEADERS])
    // Every entry, past the first batch, newest first.
    expect(rows).toHaveLength(620)
    const who = `${admin.user.firstName} ${admin.user.lastName} (${admin.user.email})`
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      who,
      'Spreadsheet export',
      '',
      '619',
      'XLSX, selection, 620 requested',
    ])
    expect(rows.at(-1)?.[4]).toBe('0')
  })
})
