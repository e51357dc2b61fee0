import * as XLSX from '@e965/xlsx'
import { describe, expect } from 'vitest'
import { EXPORT_HEADERS } from '#shared/talent-export.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { csvRecords } from '#tests/support/export-files.ts'

// The export writes the custom fields as columns after the built-in ones; a private field's
// column only for admins (security rule 65).

async function define(api: Api, body: object) {
  const admin = await api.as('admin')
  const response = await admin.inject('POST', '/api/fields', body)
  expect(response.statusCode, response.body).toBe(201)
}

async function seed(api: Api) {
  await define(api, {
    label: 'Languages',
    type: 'multiple_choice',
    choices: [
      { value: 'en', label: 'English' },
      { value: 'pt', label: 'Portuguese' },
    ],
  })
  await define(api, { label: 'Notice period', type: 'number', unit: 'weeks' })
  await define(api, { label: 'Relocates', type: 'yes_no' })
  await define(api, { label: 'Salary note', type: 'text', private: true })
  const admin = await api.as('admin')
  const created = await admin.inject('POST', '/api/talents', {
    fullName: 'Ana Costa',
    email: 'ana@example.com',
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
    customFields: {
      languages: ['pt', 'en'],
      notice_period: 4,
      relocates: true,
      salary_note: '=HYPERLINK("x")',
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json<Talent>()
}

async function csvOf(caller: SignedIn) {
  const response = await caller.inject('GET', '/api/talents/export?format=csv')
  expect(response.statusCode, response.body).toBe(200)
  return csvRecords(response.rawPayload.toString('utf8').slice(1))
}

describe('custom fields in the export', () => {
  test('an admin’s CSV and XLSX carry every field as a column, values as the form shows them', async ({
    api,
  }) => {
    await seed(api)
    const admin = await api.as('admin')
    const [header, row] = await csvOf(admin)
    const fields = ['Languages', 'Notice period', 'Relocates', 'Salary note']
    expect(header).toEqual([...EXPORT_HEADERS, ...fields])
    expect(row?.slice(EXPORT_HEADERS.length)).toEqual([
      'Portuguese; English',
      '4',
      'Yes',
      // Formula starts are neutralised in fields too (security rule 42).
      `'=HYPERLINK("x")`,
    ])

    const xlsx = await admin.inject('GET', '/api/talents/export?format=xlsx')
    expect(xlsx.statusCode).toBe(200)
    const sheet = XLSX.read(xlsx.rawPayload).Sheets.Talents
    if (!sheet) throw new Error('no Talents sheet')
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })
    expect(rows[0]?.slice(EXPORT_HEADERS.length)).toEqual(fields)
    expect(rows[1]?.slice(EXPORT_HEADERS.length, -1)).toEqual(['Portuguese; English', '4', 'Yes'])
  })

  test('a user’s export leaves the private field’s column out entirely', async ({ api }) => {
    await seed(api)
    const user = await api.as('user')
    const [header, row] = await csvOf(user)
    expect(header).toEqual([...EXPORT_HEADERS, 'Languages', 'Notice period', 'Relocates'])
    expect(row).toHaveLength(header?.length ?? 0)
    expect(row?.join(',')).not.toContain('HYPERLINK')
  })
})
