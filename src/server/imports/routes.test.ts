import * as XLSX from '@e965/xlsx'
import iconv from 'iconv-lite'
import { expect } from 'vitest'
import {
  HEADER_ONLY_MESSAGE,
  IMPORT_MAX_MB,
  MAPPING_COLUMNS_MESSAGE,
  NO_IMPORT_FILE_MESSAGE,
  dryRunResultSchema,
  importTooLargeMessage,
  spreadsheetImportCreatedSchema,
  unclosedQuoteMessage,
  type ImportMapping,
} from '#shared/imports/import-api.ts'
import { NO_EMAIL_COLUMN_MESSAGE } from '#shared/imports/column-mapping.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { uploadSpreadsheet, uploadedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { talents } from '../db/schema.ts'
import { MAPPING_FIRST_MESSAGE } from './dry-run.ts'
import { duplicateInFileMessage } from './plan-rows.ts'
import { unplacedValueMessage } from './row-to-talent.ts'

/** A messy real-world sheet: Windows-1252, semicolons, First/Last, "Sr.", a duplicate, a bad e-mail. */
const MESSY = [
  'First;Last;E-mail Address;Department;Level;Skills;Stage',
  'José;Núñez;jose@example.com;Engineering;Sr.;Python, Go;Interviewed',
  'Dana;Reyes;dana@example.com;Eng;Junior;;',
  'Ann;Bell;not-an-email;Design;mid;;',
  'Bo;Kim;JOSE@example.com;Design;mid;;',
  'Cy;Lee;cy@example.com;Design;wizard;;hired',
  'Ed;Moss;existing@example.com;Design;senior;;',
].join('\r\n')

test('upload, map, dry run: counts, values to map, refused rows with reasons, nothing written', async ({
  api,
}) => {
  const user = await api.as('user')
  await api.makeTalent({
    fullName: 'Ed Moss',
    email: 'Existing@Example.com',
    addedById: user.user.id,
  })
  const created = await uploadedSpreadsheet(
    api,
    user,
    'people.csv',
    iconv.encode(MESSY, 'windows-1252'),
  )
  expect(created.columns).toEqual([
    'First',
    'Last',
    'E-mail Address',
    'Department',
    'Level',
    'Skills',
    'Stage',
  ])
  expect(created.sampleRows[0]).toEqual([
    'José',
    'Núñez',
    'jose@example.com',
    'Engineering',
    'Sr.',
    'Python, Go',
    'Interviewed',
  ])
  expect(created.suggestedMapping.columns).toEqual([
    'firstName',
    'lastName',
    'email',
    'areaOfInterest',
    'seniorityLevel',
    'tags',
    'status',
  ])

  const dry = () => user.inject('POST', `/api/imports/${created.importId}/dry-run`)
  expect((await dry()).json()).toEqual({ message: MAPPING_FIRST_MESSAGE })

  const mapping: ImportMapping = { ...created.suggestedMapping, existing: 'overwrite' }
  const saved = await user.inject('PUT', `/api/imports/${created.importId}/mapping`, mapping)
  expect(saved.statusCode, saved.body).toBe(200)

  const result = await dry()
  expect(result.statusCode, result.body).toBe(200)
  const body = dryRunResultSchema.parse(result.json())
  expect(body).toMatchObject({ total: 6, created: 2, updated: 1, skipped: 0, invalid: 3 })
  expect(body.unmappedValues.seniorityLevel).toEqual([
    { value: 'wizard', count: 1, suggestion: null },
  ])
  expect(body.errors).toEqual([
    { row: 4, field: 'email', message: 'Invalid email address' },
    { row: 5, field: 'email', message: duplicateInFileMessage(2) },
    { row: 6, field: 'seniorityLevel', message: unplacedValueMessage('Seniority Level', 'wizard') },
  ])

  // The person maps "wizard" and chooses to skip existing talents: the plan follows.
  const remapped = await user.inject('PUT', `/api/imports/${created.importId}/mapping`, {
    ...mapping,
    values: { areaOfInterest: {}, seniorityLevel: { wizard: 'exec' }, status: {} },
    existing: 'skip',
  })
  expect(remapped.statusCode, remapped.body).toBe(200)
  expect((await dry()).json()).toMatchObject({ created: 3, updated: 0, skipped: 1, invalid: 2 })
  // A dry run writes nothing.
  expect(await api.database.db.select().from(talents)).toHaveLength(1)
})

test("Scout's own export maps itself; an XLSX offers its sheets", async ({ api }) => {
  const user = await api.as('user')
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['About'], ['x']]), 'Readme')
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Full Name', 'Email', 'Area of Interest', 'Seniority Level', 'Tags', 'Created At'],
      ['Dana Reyes', 'dana@example.com', 'Design', 'senior', 'UX; Research', '2025-01-01'],
    ]),
    'Talents',
  )
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
  const created = await uploadedSpreadsheet(api, user, 'scout.xlsx', bytes)
  expect(created).toMatchObject({ format: 'xlsx', sheets: ['Readme', 'Talents'], sheet: 'Readme' })
  const talentsSheet = await user.inject(
    'GET',
    `/api/imports/${created.importId}/preview?sheet=Talents`,
  )
  expect(talentsSheet.statusCode, talentsSheet.body).toBe(200)
  const preview = spreadsheetImportCreatedSchema.parse(talentsSheet.json())
  expect(preview.suggestedMapping).toMatchObject({
    sheet: 'Talents',
    columns: ['fullName', 'email', 'areaOfInterest', 'seniorityLevel', 'tags', 'ignore'],
  })
  await user.inject('PUT', `/api/imports/${created.importId}/mapping`, preview.suggestedMapping)
  const result = await user.inject('POST', `/api/imports/${created.importId}/dry-run`)
  expect(result.json()).toMatchObject({ total: 1, created: 1, invalid: 0 })
})

test('bad files and bad mappings get a clear 4xx', async ({ api }) => {
  const user = await api.as('user')
  const refused = async (name: string, bytes: Buffer) => {
    const response = await uploadSpreadsheet(api, user, name, bytes)
    return {
      status: response.statusCode,
      message: response.json<{ message: string }>().message,
    }
  }
  expect(await refused('people.csv', Buffer.from('Name,Email\n'))).toEqual({
    status: 400,
    message: HEADER_ONLY_MESSAGE,
  })
  expect(await refused('people.csv', Buffer.from('Name,Email\n"Dana,d@x.com\n'))).toEqual({
    status: 400,
    message: unclosedQuoteMessage(2),
  })
  const tooBig = await refused('big.csv', Buffer.alloc(IMPORT_MAX_MB * 1024 * 1024 + 1, 'a'))
  expect(tooBig).toEqual({ status: 413, message: importTooLargeMessage() })
  const plain = await user.inject('POST', '/api/imports', { file: 'x' })
  expect(plain.statusCode).toBe(400)
  expect(plain.json()).toEqual({ message: NO_IMPORT_FILE_MESSAGE })

  const created = await uploadedSpreadsheet(
    api,
    user,
    'people.csv',
    Buffer.from('Name,Email\nDana,d@x.com\n'),
  )
  const put = (body: object) => user.inject('PUT', `/api/imports/${created.importId}/mapping`, body)
  expect((await put({ columns: ['fullName'] })).json()).toEqual({
    message: MAPPING_COLUMNS_MESSAGE,
  })
  expect((await put({ columns: ['fullName', 'ignore'] })).json()).toEqual({
    message: NO_EMAIL_COLUMN_MESSAGE,
  })
  expect((await put({ columns: ['fullName', 'password'] })).statusCode).toBe(400)
})

test("an import is its author's (and admins'): others get 404", async ({ api }) => {
  const user = await api.as('user')
  const created = await uploadedSpreadsheet(
    api,
    user,
    'people.csv',
    Buffer.from('Name,Email\nDana,d@x.com\n'),
  )
  const other = await api.as('otherUser')
  const theirs = await other.inject('POST', `/api/imports/${created.importId}/dry-run`)
  expect(theirs.statusCode).toBe(404)
  const admin = await api.as('admin')
  await user.inject('PUT', `/api/imports/${created.importId}/mapping`, created.suggestedMapping)
  expect((await admin.inject('POST', `/api/imports/${created.importId}/dry-run`)).statusCode).toBe(
    200,
  )
})

test('a file with the same headers as last time gets last time’s mapping', async ({ api }) => {
  const user = await api.as('user')
  const csv = Buffer.from('Who,Contact,Grade\nDana Reyes,d@x.com,Sr.\n')
  const first = await uploadedSpreadsheet(api, user, 'march.csv', csv)
  expect(first.suggestedMapping.columns).toEqual(['ignore', 'ignore', 'seniorityLevel'])
  const chosen = {
    columns: ['fullName', 'email', 'seniorityLevel'],
    values: { areaOfInterest: {}, seniorityLevel: { 'Sr.': 'exec' }, status: {} },
    existing: 'fillEmpty',
    privacy: { source: 'event', lawfulBasis: 'consent' },
  }
  await user.inject('PUT', `/api/imports/${first.importId}/mapping`, chosen)
  const second = await uploadedSpreadsheet(api, user, 'april.csv', csv)
  expect(second.suggestedMapping).toEqual(chosen)
  // Someone else's mappings are theirs.
  const other = await uploadedSpreadsheet(api, await api.as('otherUser'), 'april.csv', csv)
  expect(other.suggestedMapping.columns).toEqual(['ignore', 'ignore', 'seniorityLevel'])
})
