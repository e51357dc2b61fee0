import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect } from 'vitest'
import { EXPORT_HEADERS, LIST_SEPARATOR, restoreCell } from '#shared/talent-export.ts'
import { talents } from '#server/db/schema.ts'
import { inspectTable, readTableRows } from '#server/imports/read-table.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { sheetCells, xlsxParts } from '#tests/support/export-files.ts'
import { uploadedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'

/**
 * Security rule 42: every CSV Scout hands out (the talent export, an import's errors.csv) quotes each
 * cell that holds CR, LF, a quote or a delimiter, so no reader starts a row inside a cell; and the
 * formula check (security rule 21) sees the compatibility forms of = + - @.
 */

const column = (header: string) => EXPORT_HEADERS.indexOf(header)
const NAME = column('Full Name')
const EMAIL = column('Email')
const PHONE = column('Phone')
const TAGS = column('Tags')
const NOTES = column('Notes')

/**
 * A cell a spreadsheet would run: it starts with = + - @ tab or CR, or with a character whose
 * compatibility form is one (written here without the app's own check, so the two can disagree).
 */
function opensFormula(cell: string): boolean {
  const first = String.fromCodePoint(cell.codePointAt(0) ?? 0x20).normalize('NFKC')
  return /^[=+\-@\t\r]/.test(cell) || /^[=+\-@\t\r]/.test(first)
}

/**
 * The file as a strict RFC 4180 reader takes it: a quote only around a whole cell, every record
 * as wide as the header, and a row ending at CRLF, a lone LF or a lone CR (as Excel and
 * LibreOffice end one), so a line break outside quotes is a new row, not text.
 */
function strictRecords(bytes: Buffer): string[][] {
  return parse(bytes, {
    bom: true,
    relax_quotes: false,
    relax_column_count: false,
    record_delimiter: ['\r\n', '\n', '\r'],
  })
}

/** The file as Scout's importer reads it back (its own reader), each cell restored. */
async function importerRecords(bytes: Buffer): Promise<string[][]> {
  const shape = await inspectTable(bytes, 'scout-talents.csv')
  const records: string[][] = []
  for await (const row of readTableRows(bytes, shape)) records.push(row.cells.map(restoreCell))
  return records
}

type Hostile = { fullName: string; phone: string; notes: string; tags: string[] }

const HOSTILE: Hostile[] = [
  'Referred by Dana\n=HYPERLINK(L3&B4)',
  'Referred by Dana\r=HYPERLINK(L3&B4)',
  'Referred by Dana\r\n=HYPERLINK(L3&B4)',
  "\n=cmd|' /C calc'!A0",
  'A note without a comma\nthat goes on',
  'two\n\nblank lines\n',
  '＝HYPERLINK("http://evil.example")',
  '＋1＋1',
  '－2＋3',
  '＠SUM(A1)',
  '﹦1+1',
  '⁼1+1',
  'She said "yes"; then, left\t(tab)',
  "'already quoted",
].map((notes, i) => ({
  fullName: i % 2 === 0 ? `＝Name ${i}` : `Name\r${i}`,
  phone: i % 3 === 0 ? '＋44 20 7946 0000' : `+1 555 010${i % 10}`,
  notes,
  tags: [`＠tag ${i}`, 'two\nlines'],
}))

async function seed(api: Api, addedById: number, people: readonly Hostile[], run = 0) {
  // The previous run's talents go; the callers stay.
  await api.database.db.delete(talents).where(sql`true`)
  if (people.length === 0) return
  await api.database.db.insert(talents).values(
    people.map((person, i) => ({
      ...person,
      email: `csv-${run}-${i}@example.com`,
      areaOfInterest: 'Design' as const,
      seniorityLevel: 'mid' as const,
      addedById,
    })),
  )
}

async function exportBytes(caller: SignedIn): Promise<Buffer> {
  const response = await caller.inject('GET', '/api/talents/export?format=csv')
  expect(response.statusCode, response.body).toBe(200)
  return response.rawPayload
}

/** Each person's row (found by e-mail) holds their values, cell for cell. */
function expectPeople(records: string[][], people: readonly Hostile[], run = 0) {
  expect(records[0]).toEqual(EXPORT_HEADERS)
  expect(records).toHaveLength(people.length + 1)
  const byEmail = new Map(records.slice(1).map((record) => [record[EMAIL], record]))
  people.forEach((person, i) => {
    const record = byEmail.get(`csv-${run}-${i}@example.com`)
    expect(record, `person ${i}`).toBeDefined()
    expect(record?.[NAME]).toBe(person.fullName)
    expect(record?.[PHONE]).toBe(person.phone)
    expect(record?.[NOTES]).toBe(person.notes)
    expect(record?.[TAGS]).toBe(person.tags.join(LIST_SEPARATOR))
  })
}

describe('security rule 42: CSV cells quoted when they must be', () => {
  test('security rule 42: a hostile export opens in a strict RFC 4180 reader as one row per talent, no cell starting a formula', async ({
    api,
  }) => {
    const user = await api.as('user')
    await seed(api, user.user.id, HOSTILE)
    const records = strictRecords(await exportBytes(user))
    expect(records.flat().filter(opensFormula)).toEqual([])
    expectPeople(
      records.map((record) => record.map(restoreCell)),
      HOSTILE,
    )
  })

  test('security rule 42: any talent set exports to CSV and reads back with the importer’s reader, cell for cell', async ({
    api,
  }) => {
    const user = await api.as('user')
    // Fragments that trip CSV writers and formula checks, mixed with arbitrary graphemes.
    const fragments = fc.constantFrom(
      ...['\n', '\r', '\r\n', '"', '""', ',', ';', '\t', '|', ' ', "'", '=', '+', '-', '@'],
      ...['＝', '＋', '－', '＠', '﹦', '⁼', '＇', 'Zoë', 'e\u0301', '李小龙', '👩🏽‍💻', '\u202e'],
    )
    const text = fc
      .array(fc.oneof(fragments, fc.string({ unit: 'grapheme', maxLength: 4 })), { maxLength: 8 })
      // PostgreSQL's text holds no NUL.
      .map((parts) => parts.join('').replaceAll('\0', ''))
    const person = fc.record({
      fullName: text,
      phone: text,
      notes: text,
      tags: fc.array(text, { maxLength: 3 }),
    })
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 30 }), async (people) => {
        run++
        await seed(api, user.user.id, people, run)
        const bytes = await exportBytes(user)
        expectPeople(await importerRecords(bytes), people, run)
        const strict = strictRecords(bytes)
        expect(strict.flat().filter(opensFormula)).toEqual([])
        expectPeople(
          strict.map((record) => record.map(restoreCell)),
          people,
          run,
        )
      }),
      { numRuns: 25 },
    )
  })

  test('security rule 42: the XLSX export applies the same check: compatibility forms get the prefix, the text is kept', async ({
    api,
  }) => {
    const user = await api.as('user')
    await seed(api, user.user.id, HOSTILE)
    const response = await user.inject('GET', '/api/talents/export?format=xlsx')
    expect(response.statusCode, response.body).toBe(200)
    const sheet = xlsxParts(response.rawPayload)['xl/worksheets/sheet1.xml'] ?? ''
    const cells = sheetCells(sheet)
      .slice(1)
      .flatMap((row) => [...row.values()])
      // The sheet's XML writes a carriage return as OOXML's _x000D_ (XML would read it as \n).
      .map((cell) => cell.replaceAll('_x000D_', '\r'))
    expect(cells.filter(opensFormula)).toEqual([])
    for (const person of HOSTILE) expect(cells.map(restoreCell)).toContain(person.notes)
    expect(cells).toContain(`'＝HYPERLINK("http://evil.example")`)
  })

  test("security rule 42: errors.csv quotes a bad row's line breaks: one record per bad row, no cell starting a formula", async ({
    api,
  }) => {
    const user = await api.as('user')
    const badNotes = ['\n=cmd', 'Referred by Dana\r=HYPERLINK(L3&B4)', 'one\r\n@SUM(A1)']
    const file = [
      'Name,Email,Area,Level,Notes',
      `Ann Bell,not-an-email,Design,mid,"${badNotes[0]}"`,
      `Bo Kim,also-not-one,Design,mid,"${badNotes[1]}"`,
      'Cy Lee,cy@example.com,Design,mid,fine',
      `Di Ray,no-at-sign,Design,mid,"${badNotes[2]}"`,
    ].join('\r\n')
    const created = await uploadedSpreadsheet(api, user, 'people.csv', Buffer.from(file))
    const saved = await user.inject(
      'PUT',
      `/api/imports/${created.importId}/mapping`,
      created.suggestedMapping,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const response = await user.inject('GET', `/api/imports/${created.importId}/errors.csv`)
    expect(response.statusCode, response.body).toBe(200)
    const records = strictRecords(response.rawPayload)
    expect(records.flat().filter(opensFormula)).toEqual([])
    expect(records.map((record) => record[0])).toEqual(['Name', 'Ann Bell', 'Bo Kim', 'Di Ray'])
    expect(records.slice(1).map((record) => restoreCell(record[4] ?? ''))).toEqual(badNotes)
  })
})

/** Whether LibreOffice's command line is on this machine (it is not a dependency of Scout). */
const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8', timeout: 60_000 })
const hasLibreOffice = soffice.status === 0

/**
 * Calc's CSV import, as a person opening the file would get it: comma, double quote, UTF-8, from
 * the first line, and "Evaluate formulas" on (the 13th field of the filter's options).
 */
const CALC_CSV_IMPORT = 'CSV:44,34,76,1,,0,false,true,false,false,false,-1,true'

/** The rows of the one sheet of a flat ODS file: each cell's text, and whether it is a formula. */
function fodsRows(xml: string): { text: string; formula: boolean }[][] {
  const body = xml.slice(xml.indexOf('<office:body>'))
  return [...body.matchAll(/<table:table-row[^>]*>(.*?)<\/table:table-row>/gs)].map(([, row]) =>
    [...(row ?? '').matchAll(/<table:table-cell([^>]*?)(?:\/>|>(.*?)<\/table:table-cell>)/gs)].map(
      ([, attributes, inner]) => ({
        text: [...(inner ?? '').matchAll(/<text:p>(.*?)<\/text:p>/gs)]
          .map(([, line]) => line ?? '')
          .join('\n'),
        formula: (attributes ?? '').includes('table:formula='),
      }),
    ),
  )
}

test.runIf(hasLibreOffice)(
  'security rule 42: LibreOffice Calc (run only where soffice is installed) opens the hostile export as one row per talent and runs no formula',
  { timeout: 180_000 },
  async ({ api }) => {
    const user = await api.as('user')
    await seed(api, user.user.id, HOSTILE)
    const dir = mkdtempSync(path.join(tmpdir(), 'scout-calc-'))
    try {
      writeFileSync(path.join(dir, 'export.csv'), await exportBytes(user))
      const converted = spawnSync(
        'soffice',
        [
          '--headless',
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          `--infilter=${CALC_CSV_IMPORT}`,
          '--convert-to',
          'fods',
          '--outdir',
          dir,
          path.join(dir, 'export.csv'),
        ],
        { encoding: 'utf8', timeout: 150_000 },
      )
      expect(converted.status, converted.stderr).toBe(0)
      const rows = fodsRows(readFileSync(path.join(dir, 'export.fods'), 'utf8')).filter((row) =>
        row.some((cell) => cell.text !== ''),
      )
      expect(rows.flat().filter((cell) => cell.formula)).toEqual([])
      expect(rows).toHaveLength(HOSTILE.length + 1)
      // A cell's lines are paragraphs of that one cell (XML escapes kept).
      const texts = rows.flat().map((cell) => cell.text)
      expect(texts).toContain('Referred by Dana\n=HYPERLINK(L3&amp;B4)')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
)
