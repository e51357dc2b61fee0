import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import type { ImportMapping } from '#shared/imports/import-api.ts'
import { dryRunResultSchema } from '#shared/imports/import-api.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { uploadedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { talents } from '../db/schema.ts'

// A spreadsheet's columns fill custom fields by label; the dry run names each row's value that
// does not fit its field (security rule 66); a private field only for admins (security rule 65).

async function define(api: Api, body: object) {
  const admin = await api.as('admin')
  const response = await admin.inject('POST', '/api/fields', body)
  expect(response.statusCode, response.body).toBe(201)
}

const CSV = [
  'Name,Email,Area,Level,Languages,Notice period,Salary note',
  'Dana Reyes,dana@example.com,Design,senior,English; Portuguese,4,ok',
  'Ed Moss,ed@example.com,Design,mid,Klingon,soon,',
  'Flo Ray,flo@example.com,Design,mid,,,',
].join('\n')

async function seedFields(api: Api) {
  await define(api, {
    label: 'Languages',
    type: 'multiple_choice',
    choices: [
      { value: 'en', label: 'English' },
      { value: 'pt', label: 'Portuguese' },
    ],
  })
  await define(api, { label: 'Notice period', type: 'number' })
  await define(api, { label: 'Salary note', type: 'text', private: true })
}

describe('custom fields in a spreadsheet import', () => {
  test('columns map themselves by label; the dry run names each value that does not fit; the run stores the rest', async ({
    api,
  }) => {
    await seedFields(api)
    const admin = await api.as('admin')
    const created = await uploadedSpreadsheet(api, admin, 'people.csv', Buffer.from(CSV))
    expect(created.suggestedMapping.columns).toEqual([
      'fullName',
      'email',
      'areaOfInterest',
      'seniorityLevel',
      'field:languages',
      'field:notice_period',
      'field:salary_note',
    ])
    const mapping: ImportMapping = created.suggestedMapping
    const saved = await admin.inject('PUT', `/api/imports/${created.importId}/mapping`, mapping)
    expect(saved.statusCode, saved.body).toBe(200)
    const dry = await admin.inject('POST', `/api/imports/${created.importId}/dry-run`)
    expect(dry.statusCode, dry.body).toBe(200)
    const result = dryRunResultSchema.parse(dry.json())
    expect(result).toMatchObject({ total: 3, created: 2, invalid: 1 })
    expect(result.errors).toEqual([
      {
        row: 3,
        field: 'customFields.languages',
        message: 'Languages must be one of: English, Portuguese',
      },
      { row: 3, field: 'customFields.notice_period', message: 'Notice period must be a number' },
    ])

    const run = await admin.inject('POST', `/api/imports/${created.importId}/run`)
    expect(run.statusCode, run.body).toBe(202)
    await api.app.jobs.drain()
    const [dana] = await api.database.db
      .select()
      .from(talents)
      .where(eq(talents.email, 'dana@example.com'))
    expect(dana?.customFields).toEqual({
      languages: ['en', 'pt'],
      notice_period: 4,
      salary_note: 'ok',
    })
    const [flo] = await api.database.db
      .select()
      .from(talents)
      .where(eq(talents.email, 'flo@example.com'))
    expect(flo?.customFields).toEqual({})
  })

  test('a user is not offered a private field, and a mapping naming it is refused', async ({
    api,
  }) => {
    await seedFields(api)
    const user = await api.as('user')
    const created = await uploadedSpreadsheet(api, user, 'people.csv', Buffer.from(CSV))
    expect(created.suggestedMapping.columns.at(-1)).toBe('ignore')
    const columns = [...created.suggestedMapping.columns]
    columns[6] = 'field:salary_note'
    const refused = await user.inject('PUT', `/api/imports/${created.importId}/mapping`, {
      ...created.suggestedMapping,
      columns,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ message: 'Unknown field: salary_note' })
  })
})
