import { describe, expect } from 'vitest'
import type { ActivityEntry } from '#shared/activity.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'

// History records custom field changes; a private field's change only for admins and the
// talent's adder (security rule 65).

async function define(api: Api, body: object) {
  const admin = await api.as('admin')
  const response = await admin.inject('POST', '/api/fields', body)
  expect(response.statusCode, response.body).toBe(201)
}

const body = (customFields: Record<string, unknown>) => ({
  fullName: 'Mia Wong',
  email: 'mia@example.com',
  areaOfInterest: 'Engineering',
  seniorityLevel: 'mid',
  customFields,
})

describe('History of custom fields', () => {
  test('an edit records each changed field; a private one is hidden from other users', async ({
    api,
  }) => {
    await define(api, { label: 'Notice period', type: 'number' })
    await define(api, { label: 'Salary note', type: 'text', private: true })
    const admin = await api.as('admin')
    const created = await admin.inject('POST', '/api/talents', body({ notice_period: 2 }))
    const talent = created.json<Talent>()
    const edited = await admin.inject('PUT', `/api/talents/${talent.id}`, {
      ...body({ notice_period: 4, salary_note: 'high' }),
      updatedAt: talent.updatedAt,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const privateOnly = await admin.inject('PUT', `/api/talents/${talent.id}`, {
      ...body({ salary_note: 'higher' }),
      updatedAt: edited.json<Talent>().updatedAt,
    })
    expect(privateOnly.statusCode, privateOnly.body).toBe(200)

    const changesOf = (entries: ActivityEntry[]) =>
      entries.filter((e) => e.action === 'talent.updated').map((e) => e.details?.changes)
    const forAdmin = await admin.inject('GET', `/api/talents/${talent.id}/activity`)
    expect(changesOf(forAdmin.json())).toEqual([
      [expect.objectContaining({ field: 'customFields.salary_note', from: 'high', to: 'higher' })],
      [
        expect.objectContaining({
          field: 'customFields.notice_period',
          label: 'Notice period',
          from: 2,
          to: 4,
        }),
        expect.objectContaining({ field: 'customFields.salary_note', from: null, to: 'high' }),
      ],
    ])
    const user = await api.as('user')
    const forUser = await user.inject('GET', `/api/talents/${talent.id}/activity`)
    expect(changesOf(forUser.json())).toEqual([
      [expect.objectContaining({ field: 'customFields.notice_period', from: 2, to: 4 })],
    ])
  })
})
