import { describe, expect } from 'vitest'
import {
  FIELD_KEY_RESERVED,
  FIELD_STALE_EDIT,
  FIELD_TYPE_DROPS,
  type FieldDefinition,
} from '#shared/fields.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'

// Custom fields: definitions (admins), values on talents checked against them (security rule
// 66), private ones never shown to who may not see them (security rule 65).

const talentBody = (n: string, customFields?: Record<string, unknown>) => ({
  fullName: `Casey ${n}`,
  email: `casey-${n}@example.com`,
  areaOfInterest: 'Engineering',
  seniorityLevel: 'mid',
  ...(customFields ? { customFields } : {}),
})

async function define(api: Api, body: object): Promise<FieldDefinition> {
  const admin = await api.as('admin')
  const response = await admin.inject('POST', '/api/fields', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<FieldDefinition>()
}

const languages = {
  label: 'Languages',
  type: 'multiple_choice',
  choices: [
    { value: 'en', label: 'English' },
    { value: 'de', label: 'German' },
  ],
}

describe('field definitions', () => {
  test('an admin defines fields in order; the key comes from the label and stays', async ({
    api,
  }) => {
    const notice = await define(api, {
      label: 'Notice period (weeks)',
      type: 'number',
      unit: 'weeks',
    })
    const langs = await define(api, languages)
    expect(notice).toMatchObject({
      key: 'notice_period_weeks',
      position: 0,
      unit: 'weeks',
      version: 1,
    })
    expect(langs).toMatchObject({ key: 'languages', position: 1 })

    const admin = await api.as('admin')
    const renamed = await admin.inject('PATCH', `/api/fields/${notice.id}`, {
      version: 1,
      label: 'Notice (weeks)',
    })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ key: 'notice_period_weeks', version: 2 })

    const user = await api.as('user')
    const listed = await user.inject('GET', '/api/fields')
    expect(listed.json<FieldDefinition[]>().map((f) => f.label)).toEqual([
      'Notice (weeks)',
      'Languages',
    ])
    // Only admins change them.
    expect(
      (await user.inject('POST', '/api/fields', { label: 'X', type: 'text' })).statusCode,
    ).toBe(403)
  })

  test('two admins editing one field: the stale edit is refused with 409', async ({ api }) => {
    const field = await define(api, { label: 'Team', type: 'text' })
    const admin = await api.as('admin')
    const first = await admin.inject('PATCH', `/api/fields/${field.id}`, {
      version: 1,
      help: 'Which team',
    })
    expect(first.statusCode).toBe(200)
    const stale = await admin.inject('PATCH', `/api/fields/${field.id}`, {
      version: 1,
      label: 'Squad',
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ message: FIELD_STALE_EDIT })
  })

  test('no field shadows a built-in field or a search term; labels are unique', async ({ api }) => {
    const admin = await api.as('admin')
    for (const label of ['Email', 'Tags', 'Status']) {
      const response = await admin.inject('POST', '/api/fields', { label, type: 'text' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ message: FIELD_KEY_RESERVED })
    }
    const reserved = await admin.inject('POST', '/api/fields', {
      label: 'Level',
      key: 'level',
      type: 'text',
    })
    expect(reserved.statusCode).toBe(400)
    await define(api, { label: 'Team', type: 'text' })
    expect(
      (await admin.inject('POST', '/api/fields', { label: 'team', key: 'team2', type: 'text' }))
        .statusCode,
    ).toBe(409)
  })

  test('a type change that would drop values is refused with the count; a clean one converts', async ({
    api,
  }) => {
    const field = await define(api, { label: 'Years', type: 'text' })
    const user = await api.as('user')
    expect(
      (await user.inject('POST', '/api/talents', talentBody('a', { years: '4' }))).statusCode,
    ).toBe(201)
    expect(
      (await user.inject('POST', '/api/talents', talentBody('b', { years: 'many' }))).statusCode,
    ).toBe(201)
    const admin = await api.as('admin')
    const preview = await admin.inject(
      'GET',
      `/api/fields/${field.id}/type-change-preview?type=number`,
    )
    expect(preview.json()).toEqual({ withValue: 2, wouldDrop: 1, examples: ['many'] })
    const refused = await admin.inject('PATCH', `/api/fields/${field.id}`, {
      version: 1,
      type: 'number',
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ message: FIELD_TYPE_DROPS(1) })

    // Long text takes every value; nothing was changed by the refused one.
    const ok = await admin.inject('PATCH', `/api/fields/${field.id}`, {
      version: 1,
      type: 'long_text',
    })
    expect(ok.statusCode).toBe(200)
  })

  test('deleting a field answers how many talents held a value and removes them', async ({
    api,
  }) => {
    const field = await define(api, { label: 'Team', type: 'text' })
    const user = await api.as('user')
    const created = await user.inject('POST', '/api/talents', talentBody('a', { team: 'Core' }))
    await user.inject('POST', '/api/talents', talentBody('b'))
    const admin = await api.as('admin')
    const deleted = await admin.inject('DELETE', `/api/fields/${field.id}`)
    expect(deleted.json()).toMatchObject({ removedValues: 1 })
    const talent = await user.inject('GET', `/api/talents/${created.json<Talent>().id}`)
    expect(talent.json<Talent>().customFields).toEqual({})
  })
})

describe('values on talents (security rule 66)', () => {
  test('values are checked against the definitions, with messages naming the field', async ({
    api,
  }) => {
    await define(api, { label: 'Notice period (weeks)', type: 'number' })
    await define(api, languages)
    await define(api, { label: 'Start', type: 'date', required: true })
    const user = await api.as('user')

    const wrongType = await user.inject(
      'POST',
      '/api/talents',
      talentBody('a', { notice_period_weeks: 'soon', start: '2027-01-04' }),
    )
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json()).toMatchObject({
      message: 'Notice period (weeks) must be a number',
      fieldErrors: {
        'customFields.notice_period_weeks': ['Notice period (weeks) must be a number'],
      },
    })

    const badChoice = await user.inject(
      'POST',
      '/api/talents',
      talentBody('a', { languages: ['en', 'xx'], start: '2027-01-04' }),
    )
    expect(badChoice.statusCode).toBe(400)
    expect(badChoice.json()).toMatchObject({
      message: 'Languages must be one of: English, German',
    })

    const missing = await user.inject('POST', '/api/talents', talentBody('a'))
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: 'Start is required' })

    const unknown = await user.inject(
      'POST',
      '/api/talents',
      talentBody('a', { start: '2027-01-04', nope: 1 }),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ message: 'Unknown field: nope' })

    const tooLong = await user.inject(
      'POST',
      '/api/talents',
      talentBody('a', { start: '2027-02-30' }),
    )
    expect(tooLong.json()).toMatchObject({ message: 'Start must be a date (YYYY-MM-DD)' })

    const good = await user.inject(
      'POST',
      '/api/talents',
      talentBody('a', {
        notice_period_weeks: 4,
        languages: ['de', 'en', 'de'],
        start: '2027-01-04',
      }),
    )
    expect(good.statusCode, good.body).toBe(201)
    const talent = good.json<Talent>()
    expect(talent.customFields).toEqual({
      notice_period_weeks: 4,
      languages: ['de', 'en'],
      start: '2027-01-04',
    })
    const read = await user.inject('GET', `/api/talents/${talent.id}`)
    expect(read.json<Talent>().customFields).toEqual(talent.customFields)
    const list = await user.inject('GET', '/api/talents')
    expect(list.json<Talent[]>()[0]?.customFields).toEqual(talent.customFields)
  })

  test('a talent from before a field was required stays valid until its fields are edited', async ({
    api,
  }) => {
    const field = await define(api, { label: 'Team', type: 'text' })
    const user = await api.as('user')
    const created = (await user.inject('POST', '/api/talents', talentBody('a'))).json<Talent>()
    const admin = await api.as('admin')
    await admin.inject('PATCH', `/api/fields/${field.id}`, { version: 1, required: true })
    const { id, createdAt: _c, addedByUser: _a, cv: _cv, customFields: _f, ...rest } = created
    // The spec's client sends no custom fields: the edit passes.
    const plain = await user.inject('PUT', `/api/talents/${id}`, { ...rest, notes: 'edited' })
    expect(plain.statusCode, plain.body).toBe(200)
    const { updatedAt: _u, ...fields } = rest
    const withFields = await user.inject('PUT', `/api/talents/${id}`, {
      ...fields,
      customFields: {},
    })
    expect(withFields.statusCode).toBe(400)
    expect(withFields.json()).toMatchObject({ message: 'Team is required' })
    const filled = await user.inject('PUT', `/api/talents/${id}`, {
      ...fields,
      customFields: { team: 'Core' },
    })
    expect(filled.json<Talent>().customFields).toEqual({ team: 'Core' })
  })
})

describe('private fields (security rule 65)', () => {
  test('a user who is neither admin nor adder never sees a private field or its value', async ({
    api,
  }) => {
    await define(api, { label: 'Salary', type: 'number', private: true })
    await define(api, { label: 'Team', type: 'text' })
    const adder = await api.as('user')
    const created = await adder.inject(
      'POST',
      '/api/talents',
      talentBody('a', { salary: 90000, team: 'Core' }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<Talent>().id
    expect(created.json<Talent>().customFields).toEqual({ salary: 90000, team: 'Core' })

    const other = await api.as('otherUser')
    expect(
      (await other.inject('GET', '/api/fields')).json<FieldDefinition[]>().map((f) => f.key),
    ).toEqual(['team'])
    const detail = await other.inject('GET', `/api/talents/${id}`)
    expect(detail.json<Talent>().customFields).toEqual({ team: 'Core' })
    expect(detail.body).not.toContain('90000')
    const list = await other.inject('GET', '/api/talents')
    expect(list.json<Talent[]>()[0]?.customFields).toEqual({ team: 'Core' })
    expect(list.body).not.toContain('salary')

    // Writing it is refused as unknown; an edit leaves the stored value alone.
    const write = await other.inject('PUT', `/api/talents/${id}`, {
      ...talentBody('a'),
      customFields: { salary: 1 },
    })
    expect(write.statusCode).toBe(400)
    expect(write.json()).toMatchObject({ message: 'Unknown field: salary' })
    const edit = await other.inject('PUT', `/api/talents/${id}`, {
      ...talentBody('a'),
      customFields: { team: 'Web' },
    })
    expect(edit.json<Talent>().customFields).toEqual({ team: 'Web' })

    // The adder and admins still see it.
    expect((await adder.inject('GET', `/api/talents/${id}`)).json<Talent>().customFields).toEqual({
      salary: 90000,
      team: 'Web',
    })
    const admin = await api.as('admin')
    expect((await admin.inject('GET', '/api/talents')).json<Talent[]>()[0]?.customFields).toEqual({
      salary: 90000,
      team: 'Web',
    })
  })
})
