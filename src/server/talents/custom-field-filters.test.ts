import { sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { rawRows } from '../db/raw-rows.ts'
import type { FieldDefinition } from '#shared/fields.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'

// Custom fields as filters, search terms and sort keys (docs/api.md "Custom field filters"),
// private ones never a term for who may not see them (security rule 65).

async function define(api: Api, body: object): Promise<FieldDefinition> {
  const response = await (await api.as('admin')).inject('POST', '/api/fields', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<FieldDefinition>()
}

async function pool(api: Api) {
  await define(api, {
    label: 'Languages',
    type: 'multiple_choice',
    choices: [
      { value: 'english', label: 'English' },
      { value: 'german', label: 'German' },
    ],
  })
  await define(api, { label: 'Notice', type: 'number', unit: 'weeks' })
  await define(api, { label: 'Available', type: 'date' })
  await define(api, { label: 'Permit', type: 'yes_no' })
  await define(api, { label: 'Salary', type: 'number', private: true })
  const admin = await api.as('admin')
  const add = async (name: string, customFields: Record<string, unknown>) => {
    const response = await admin.inject('POST', '/api/talents', {
      fullName: name,
      email: `${name.toLowerCase()}@example.com`,
      areaOfInterest: 'Engineering',
      seniorityLevel: 'mid',
      customFields,
    })
    expect(response.statusCode, response.body).toBe(201)
  }
  await add('Anna', { languages: ['german'], notice: 2, available: '2026-01-10', permit: true })
  await add('Ben', { languages: ['english'], notice: 8, salary: 70000, permit: false })
  await add('Cleo', { languages: ['english', 'german'], notice: 4, salary: 90000 })
  await add('Dora', { available: '2026-03-01' })
}

async function names(api: Api, role: 'admin' | 'user', query: string): Promise<string[]> {
  const response = await (await api.as(role)).inject('GET', `/api/talents?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Talent[]>().map((t) => t.fullName)
}

const q = (text: string) => `q=${encodeURIComponent(text)}&sort=name_asc`

describe('search terms on custom fields', () => {
  test('a choice by its label or value', async ({ api }) => {
    await pool(api)
    expect(await names(api, 'user', q('languages:german'))).toEqual(['Anna', 'Cleo'])
    expect(await names(api, 'user', q('languages:German'))).toEqual(['Anna', 'Cleo'])
  })

  test('comparisons on number and date fields', async ({ api }) => {
    await pool(api)
    expect(await names(api, 'user', q('notice:<=4'))).toEqual(['Anna', 'Cleo'])
    expect(await names(api, 'user', q('notice:>4'))).toEqual(['Ben'])
    expect(await names(api, 'user', q('notice:4'))).toEqual(['Cleo'])
    expect(await names(api, 'user', q('available:<2026-02-01'))).toEqual(['Anna'])
  })

  test('yes/no, has: and exclusions', async ({ api }) => {
    await pool(api)
    expect(await names(api, 'user', q('permit:yes'))).toEqual(['Anna'])
    expect(await names(api, 'user', q('permit:no'))).toEqual(['Ben'])
    expect(await names(api, 'user', q('has:languages'))).toEqual(['Anna', 'Ben', 'Cleo'])
    expect(await names(api, 'user', q('-has:permit'))).toEqual(['Cleo', 'Dora'])
    expect(await names(api, 'user', q('-notice:<=4'))).toEqual(['Ben', 'Dora'])
  })

  test("a private field's key is plain words for a user; an admin's term finds by it", async ({
    api,
  }) => {
    await pool(api)
    expect(await names(api, 'admin', q('salary:<80000'))).toEqual(['Ben'])
    // For a user `salary:<80000` is the words salary and 80000: no talent holds them, so the
    // filter cannot tell them whose salary is under 80,000.
    expect(await names(api, 'user', q('salary:<80000'))).toEqual([])
    expect(await names(api, 'user', q('has:salary'))).toEqual([])
  })
})

describe('field.<key> filters', () => {
  test('any of the choices, a range, yes/no', async ({ api }) => {
    await pool(api)
    expect(await names(api, 'user', 'field.languages=german&sort=name_asc')).toEqual([
      'Anna',
      'Cleo',
    ])
    expect(await names(api, 'user', 'field.languages=german,english&sort=name_asc')).toEqual([
      'Anna',
      'Ben',
      'Cleo',
    ])
    const range = `field.notice=${encodeURIComponent('>=3,<=8')}&sort=name_asc`
    expect(await names(api, 'user', range)).toEqual(['Ben', 'Cleo'])
    expect(await names(api, 'user', 'field.permit=yes')).toEqual(['Anna'])
    const response = await (await api.as('user')).inject('GET', `/api/talents?${range}`)
    expect(response.headers['x-total-count']).toBe('2')
  })

  test('an unknown field, a wrong value or a private field for a user is a 400 naming it', async ({
    api,
  }) => {
    await pool(api)
    const user = await api.as('user')
    const unknown = await user.inject('GET', '/api/talents?field.shoe_size=42')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ message: 'Unknown field: shoe_size' })
    const wrong = await user.inject('GET', '/api/talents?field.notice=soon')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<{ message: string }>().message).toMatch(
      /^Filter notice \(Notice\) must be a number/,
    )
    const date = await user.inject('GET', '/api/talents?field.available=2026-02-30')
    expect(date.statusCode).toBe(400)
    expect(date.json<{ message: string }>().message).toMatch(/must be a date \(YYYY-MM-DD\)/)
    const choice = await user.inject('GET', '/api/talents?field.languages=klingon')
    expect(choice.json<{ message: string }>().message).toBe(
      'Filter languages (Languages) must be one of: English, German',
    )
    const hidden = await user.inject(
      'GET',
      `/api/talents?field.salary=${encodeURIComponent('<80000')}`,
    )
    expect(hidden.statusCode).toBe(400)
    expect(hidden.json()).toMatchObject({ message: 'Unknown field: salary' })
    const stray = await user.inject('GET', '/api/talents?nonsense=1')
    expect(stray.statusCode).toBe(400)
    const admin = await api.as('admin')
    const allowed = await admin.inject(
      'GET',
      `/api/talents?field.salary=${encodeURIComponent('<80000')}`,
    )
    expect(allowed.json<Talent[]>().map((t) => t.fullName)).toEqual(['Ben'])
  })
})

describe('sort by a number or date field', () => {
  test('both directions put talents without a value last and page on', async ({ api }) => {
    await pool(api)
    expect(await names(api, 'user', 'sort=field.notice.asc')).toEqual([
      'Anna',
      'Cleo',
      'Ben',
      'Dora',
    ])
    expect(await names(api, 'user', 'sort=field.notice.desc')).toEqual([
      'Ben',
      'Cleo',
      'Anna',
      'Dora',
    ])
    expect(
      await names(
        api,
        'user',
        'sort=field.available.asc&field.available=' + encodeURIComponent('>=2026-01-01'),
      ),
    ).toEqual(['Anna', 'Dora'])
    // Page by page, one row at a time, through the talents without a value.
    const user = await api.as('user')
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await user.inject(
        'GET',
        `/api/talents?sort=field.notice.desc&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.statusCode, page.body).toBe(200)
      seen.push(...page.json<Talent[]>().map((t) => t.fullName))
      cursor = page.headers['x-next-cursor'] as string | undefined
    } while (cursor)
    // The pool has one more talent without a value per role made by the test harness, if any.
    expect(seen.slice(0, 3)).toEqual(['Ben', 'Cleo', 'Anna'])
    expect(seen).toContain('Dora')
  })

  test('a field that does not sort, or is private to a user, is a 400', async ({ api }) => {
    await pool(api)
    const user = await api.as('user')
    expect((await user.inject('GET', '/api/talents?sort=field.languages.asc')).statusCode).toBe(400)
    expect((await user.inject('GET', '/api/talents?sort=field.salary.asc')).statusCode).toBe(400)
    const admin = await api.as('admin')
    expect(
      (await admin.inject('GET', '/api/talents?sort=field.salary.asc')).json<Talent[]>()[0]
        ?.fullName,
    ).toBe('Ben')
  })

  test("the field's indexes come with it and go with it", async ({ api }) => {
    const indexes = async () =>
      (
        await rawRows<{ name: string }>(
          api.database.db,
          sql`select indexname as name from pg_indexes where indexname like 'talents_cf_idx_test%' order by 1`,
        )
      ).map((r) => r.name)
    const notice = await define(api, { label: 'Idx test', type: 'number' })
    await define(api, { label: 'Idx test team', type: 'text' })
    expect(await indexes()).toEqual(['talents_cf_idx_test_asc', 'talents_cf_idx_test_desc'])
    const admin = await api.as('admin')
    const removed = await admin.inject('DELETE', `/api/fields/${notice.id}`)
    expect(removed.statusCode).toBe(200)
    expect(await indexes()).toEqual([])
  })

  test("no field takes a built-in field's key or a search operator, in any spelling", async ({
    api,
  }) => {
    const admin = await api.as('admin')
    for (const body of [
      { label: 'Full name', type: 'text' },
      { label: 'Area of interest', type: 'text' },
      { label: 'Has', type: 'text' },
      { label: 'Anything', key: 'tag', type: 'text' },
    ]) {
      const response = await admin.inject('POST', '/api/fields', body)
      expect(response.statusCode, body.label).toBe(400)
    }
  })
})
