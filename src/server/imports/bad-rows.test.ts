import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'
import { uploadedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { badRowsFileName } from './bad-rows.ts'
import { MAPPING_FIRST_MESSAGE } from './dry-run.ts'
import { duplicateInFileMessage } from './plan-rows.ts'
import { unplacedValueMessage } from './row-to-talent.ts'

/** Windows-1252 and semicolons; a bad e-mail with a formula beside it, a duplicate, a ragged row. */
const FILE = [
  'First;Last;E-mail Address;Area;Level;Notes',
  'José;Núñez;jose@example.com;Design;senior;',
  'Ann;Bell;not-an-email;Design;mid;=1+2',
  'Bo;Kim;JOSE@example.com;Design;mid;second José',
  'Cy;Lee;cy@example.com;Design;wizard;;extra cell',
  'Dee;Ray;dee@example.com;Design;junior;fine',
].join('\r\n')

test('errors.csv: the refused rows as in the file, a reason column, formulas neutralised', async ({
  api,
}) => {
  const user = await api.as('user')
  const created = await uploadedSpreadsheet(
    api,
    user,
    'people.csv',
    iconv.encode(FILE, 'windows-1252'),
  )
  const url = `/api/imports/${created.importId}/errors.csv`

  const early = await user.inject('GET', url)
  expect(early.statusCode).toBe(400)
  expect(early.json()).toEqual({ message: MAPPING_FIRST_MESSAGE })

  const saved = await user.inject(
    'PUT',
    `/api/imports/${created.importId}/mapping`,
    created.suggestedMapping,
  )
  expect(saved.statusCode, saved.body).toBe(200)

  // A browser link sends the session cookie, not the Bearer header.
  const response = await api.app.inject({ method: 'GET', url, headers: user.cookie })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${badRowsFileName(created.importId)}"`,
  )
  const bytes = response.rawPayload
  // UTF-8 with a BOM, so a spreadsheet program shows 'José' as the person typed it.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = bytes.toString('utf8')
  expect(text).toContain('\r\n')
  expect(text).not.toMatch(/(^|,|\n)"?=1\+2/)
  const records: string[][] = parse(bytes, { bom: true, relax_column_count: true })
  expect(records).toEqual([
    ['First', 'Last', 'E-mail Address', 'Area', 'Level', 'Notes', 'reason'],
    ['Ann', 'Bell', 'not-an-email', 'Design', 'mid', `'=1+2`, 'Email: Invalid email address'],
    [
      'Bo',
      'Kim',
      'JOSE@example.com',
      'Design',
      'mid',
      'second José',
      `Email: ${duplicateInFileMessage(2)}`,
    ],
    [
      'Cy',
      'Lee',
      'cy@example.com',
      'Design',
      'wizard',
      '',
      `Seniority Level: ${unplacedValueMessage('Seniority Level', 'wizard')}`,
      'extra cell',
    ],
  ])

  // Mapped, the value is no longer refused: the file follows the saved mapping, as the dry run.
  await user.inject('PUT', `/api/imports/${created.importId}/mapping`, {
    ...created.suggestedMapping,
    values: { areaOfInterest: {}, seniorityLevel: { wizard: 'exec' }, status: {} },
  })
  const again: string[][] = parse((await user.inject('GET', url)).rawPayload, {
    bom: true,
    relax_column_count: true,
  })
  expect(again.map((record) => record[0])).toEqual(['First', 'Ann', 'Bo'])
})

test("errors.csv: someone else's import is a 404; a file with no bad rows is the header alone", async ({
  api,
}) => {
  const user = await api.as('user')
  const created = await uploadedSpreadsheet(
    api,
    user,
    'ok.csv',
    Buffer.from('Name,Email,Area,Level\nDana Reyes,dana@example.com,Design,mid\n'),
  )
  await user.inject('PUT', `/api/imports/${created.importId}/mapping`, created.suggestedMapping)
  const url = `/api/imports/${created.importId}/errors.csv`
  expect((await (await api.as('otherUser')).inject('GET', url)).statusCode).toBe(404)
  const response = await user.inject('GET', url)
  expect(response.statusCode).toBe(200)
  expect(parse(response.rawPayload, { bom: true })).toEqual([
    ['Name', 'Email', 'Area', 'Level', 'reason'],
  ])
})
