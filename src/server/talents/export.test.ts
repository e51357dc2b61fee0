import * as XLSX from '@e965/xlsx'
import { describe, expect } from 'vitest'
import { z } from 'zod'
import { EXPORT_FORMAT_MESSAGE, EXPORT_HEADERS } from '#shared/talent-export.ts'
import { talents } from '../db/schema.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { csvRecords, sheetCells, xlsxParts } from '#tests/support/export-files.ts'

/** GET /api/talents/export on the engine under test. */

const BOM = '\uFEFF'
const UNICODE_NAME = 'Zoë Ångström 李小龙 👩🏽‍💻'
const BASE = Date.parse('2025-06-01T12:00:00.000Z')
const AREAS = ['Design', 'Science', 'Engineering'] as const

/** `count` talents straight into the table, one INSERT: 250 rows are more than any page. */
async function seedMany(api: Api, count: number, addedById: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    fullName: `${i % 7 === 0 ? 'Ann' : 'Bob'} Person ${i}`,
    email: `bulk-${i}@example.com`,
    areaOfInterest: AREAS[i % 3] ?? 'Design',
    seniorityLevel: 'mid' as const,
    tags: i % 2 === 0 ? ['Remote', 'High Potential'] : [],
    status: i % 5 === 0 ? (['Hired'] as const) : [],
    addedById,
    createdAt: new Date(BASE + (i % 40) * 60_000), // ties, so the id tiebreak matters
  }))
  await api.database.db
    .insert(talents)
    .values(rows.map((row) => ({ ...row, status: [...row.status] })))
}

async function exportCsv(caller: SignedIn, params: string) {
  const response = await caller.inject('GET', `/api/talents/export?format=csv&${params}`)
  expect(response.statusCode, response.body).toBe(200)
  const text = response.rawPayload.toString('utf8')
  expect(text.startsWith(BOM)).toBe(true)
  const [header, ...rows] = csvRecords(text.slice(1))
  expect(header).toEqual(EXPORT_HEADERS)
  return { response, rows }
}

async function exportXlsx(caller: SignedIn, params: string) {
  const response = await caller.inject('GET', `/api/talents/export?format=xlsx&${params}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.rawPayload
}

/** Every e-mail the list API answers for `params`, page after page, in its order. */
async function listEmails(caller: SignedIn, params: string): Promise<string[]> {
  const emails: string[] = []
  let cursor = ''
  for (;;) {
    const response = await caller.inject('GET', `/api/talents?limit=200&${params}${cursor}`)
    const page = z.array(z.object({ email: z.string() })).parse(response.json())
    emails.push(...page.map((talent) => talent.email))
    const next = response.headers['x-next-cursor']
    if (typeof next !== 'string') return emails
    cursor = `&cursor=${next}`
  }
}

const EMAIL = EXPORT_HEADERS.indexOf('Email')

describe('GET /api/talents/export', () => {
  test('CSV: every matching talent, not one page, in the list order, with its headers', async ({
    api,
  }) => {
    const user = await api.as('user')
    await seedMany(api, 250, user.user.id)
    const { response, rows } = await exportCsv(user, '')
    expect(rows).toHaveLength(250)
    expect(rows.map((row) => row[EMAIL])).toEqual(await listEmails(user, ''))
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const day = new Date().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="scout-talents-${day}.csv"`,
    )
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-total-count']).toBe('250')
    // RFC 4180 line ends (Excel), and nothing after the last one.
    expect(response.rawPayload.toString('utf8').endsWith('\r\n')).toBe(true)
  })

  test('filters, search, q and sort are those of the list', async ({ api }) => {
    const user = await api.as('user')
    await seedMany(api, 250, user.user.id)
    for (const params of [
      'areaOfInterest=Design&sort=name_asc',
      'search=ann&sort=oldest',
      'tag=Remote&status=Hired&sort=area_desc',
      `addedBy=${encodeURIComponent(user.user.email)}&sort=name_desc`,
      // Relevance order (its cursor) across all 250, and an exclusion.
      `q=${encodeURIComponent('person')}`,
      `q=${encodeURIComponent('ann -tag:Remote')}&sort=name_asc`,
    ]) {
      const { rows } = await exportCsv(user, params)
      const expected = await listEmails(user, params)
      expect(expected.length, params).toBeGreaterThan(0)
      expect(
        rows.map((row) => row[EMAIL]),
        params,
      ).toEqual(expected)
    }
  })

  test('XLSX: the same rows, readable by SheetJS, with a bold frozen header', async ({ api }) => {
    const user = await api.as('user')
    await seedMany(api, 250, user.user.id)
    const bytes = await exportXlsx(user, 'sort=name_asc')
    const workbook = XLSX.read(bytes)
    expect(workbook.SheetNames).toEqual(['Talents'])
    const sheet = workbook.Sheets.Talents
    if (!sheet) throw new Error('no sheet')
    const [header, ...rows] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })
    expect(header).toEqual(EXPORT_HEADERS)
    expect(rows.map((row) => row[EMAIL])).toEqual(await listEmails(user, 'sort=name_asc'))
  })

  test('every field, unicode intact in both formats', async ({ api }) => {
    const user = await api.as('user')
    const adder = await api.makeUser({ firstName: 'Ada', lastName: 'Lovelace' })
    await api.database.db.insert(talents).values({
      fullName: UNICODE_NAME,
      email: 'zoe@example.com',
      phone: '555 0100',
      areaOfInterest: 'Law & Ethics',
      seniorityLevel: 'senior',
      tags: ['Remote', 'Ünïcode'],
      status: ['Interviewed', 'Hired'],
      notes: 'Line one, "quoted"\nline two',
      linkedinUrl: 'https://www.linkedin.com/in/zoe',
      cvResumePath: 'https://cv.example.com/zoe.pdf',
      addedById: adder.id,
      createdAt: new Date('2025-01-02T03:04:05.678Z'),
      updatedAt: new Date('2025-02-03T04:05:06.789Z'),
      privacySource: 'event',
      privacySourceDetail: 'Fair; "hall B"',
      lawfulBasis: 'consent',
      consentGivenOn: '2025-01-02',
      consentValidUntil: '2027-01-02',
    })
    const expected = [
      UNICODE_NAME,
      'zoe@example.com',
      '555 0100',
      'Law & Ethics',
      'senior',
      'Remote; Ünïcode',
      'Interviewed; Hired',
      'Line one, "quoted"\nline two',
      'https://www.linkedin.com/in/zoe',
      'https://cv.example.com/zoe.pdf',
      '',
      '2025-01-02T03:04:05.678Z',
      '2025-02-03T04:05:06.789Z',
      'Ada Lovelace',
      adder.email,
      // The privacy record (security rule 49).
      'event',
      'Fair; "hall B"',
      'consent',
      '2025-01-02',
      '2027-01-02',
      '',
    ]
    const { rows } = await exportCsv(user, '')
    expect(rows).toEqual([expected])
    const sheet = XLSX.read(await exportXlsx(user, '')).Sheets.Talents
    if (!sheet) throw new Error('no sheet')
    const [, row] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' })
    expect(row).toEqual(expected)
  })

  test('an empty pool exports the header alone', async ({ api }) => {
    const { rows } = await exportCsv(await api.as('user'), 'search=nobody')
    expect(rows).toEqual([])
  })

  test('the export is in the activity log: who, format, filter, sort, row count', async ({
    api,
  }) => {
    const user = await api.as('user')
    await seedMany(api, 30, user.user.id)
    const mark = await activityMark(api.database.db)
    await exportXlsx(user, 'areaOfInterest=Design&search=bob&sort=oldest')
    expect(await activitySince(api.database.db, mark)).toEqual([
      {
        userId: user.user.id,
        action: 'talent.exported',
        entityType: 'talent',
        entityId: null,
        details: {
          format: 'xlsx',
          filter: { areaOfInterest: 'Design', search: 'bob' },
          sort: 'oldest',
          rowCount: 8,
        },
      },
    ])
  })

  test('anonymous callers are refused; a bad or missing format is a 400 with a message', async ({
    api,
  }) => {
    const anonymous = await api.as('anonymous')
    expect((await anonymous.inject('GET', '/api/talents/export?format=csv')).statusCode).toBe(401)
    const user = await api.as('user')
    for (const url of ['/api/talents/export?format=pdf', '/api/talents/export']) {
      const response = await user.inject('GET', url)
      expect(response.statusCode, url).toBe(400)
      expect(response.json()).toMatchObject({ fieldErrors: { format: [EXPORT_FORMAT_MESSAGE] } })
    }
    const paged = await user.inject('GET', '/api/talents/export?format=csv&limit=5')
    expect(paged.statusCode).toBe(400)
  })
})

describe('security rule 21: formula injection in exported cells', () => {
  const DANGEROUS = [
    '=HYPERLINK("http://evil")',
    '+1 555 0100',
    '-2+3',
    '@SUM(A1)',
    '\tTAB',
    '\rCR',
  ]

  test('every cell starting with = + - @ tab or CR is prefixed with a quote, in CSV and XLSX bytes', async ({
    api,
  }) => {
    const user = await api.as('user')
    const [name, phone, notes, tag, tab, cr] = DANGEROUS
    await api.database.db.insert(talents).values({
      fullName: name ?? '',
      email: 'formula@example.com',
      phone,
      notes,
      tags: [tag ?? '', 'safe'],
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
      cvResumePath: tab,
      linkedinUrl: cr,
    })
    const { rows } = await exportCsv(user, '')
    const csvCells = rows.flat()
    const xlsxCells = sheetCells(
      xlsxParts(await exportXlsx(user, ''))['xl/worksheets/sheet1.xml'] ?? '',
    )
      .slice(1)
      .flatMap((row) => [...row.values()])
      // The sheet's XML writes a carriage return as OOXML's _x000D_ (XML would read it as \n).
      .map((cell) => cell.replaceAll('_x000D_', '\r'))
    for (const cells of [csvCells, xlsxCells]) {
      for (const value of DANGEROUS)
        expect(cells).toContain(`'${value === tag ? `${tag}; safe` : value}`)
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    }
  })
})
