import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSession } from '#server/auth/sessions.ts'
import { insertTalent } from '../support/talent-rows.ts'
import { createTestApp, createTestUser, type TestApp } from '../support/test-app.ts'

/** A 500 the fuzz tests found (issue 6): NUL (and unpaired surrogates) in any text reached the database. */

let t: TestApp
let headers: Record<string, string>
let talentId: number
beforeAll(async () => {
  t = await createTestApp()
  const { user } = await createTestUser(t.database.db, { role: 'admin' })
  headers = {
    authorization: `Bearer ${(await createSession(t.database.db, t.config, user.id)).token}`,
  }
  talentId = await insertTalent(t.database.db, { fullName: 'Ada', email: 'ada@example.com' })
})
afterAll(() => t.close())

const validTalent = {
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  areaOfInterest: 'Engineering',
  seniorityLevel: 'exec',
}

describe('text PostgreSQL cannot store: NUL and unpaired surrogates', () => {
  test.each([
    ['a NUL in a body field', '/api/tags', { name: 'Bad\u0000tag' }, 'name'],
    ['a lone surrogate in a body field', '/api/tags', { name: 'Bad\ud800tag' }, 'name'],
    [
      'a NUL inside an array',
      '/api/talents',
      { ...validTalent, tags: ['ok', 'b\u0000d'] },
      'tags.1',
    ],
    [
      'a lone low surrogate inside an array',
      '/api/talents',
      { ...validTalent, tags: ['ok', 'x\udfffy'] },
      'tags.1',
    ],
  ])('%s is a 400 naming the field, and nothing is stored', async (_name, url, body, field) => {
    const response = await t.app.inject({ method: 'POST', url, headers, payload: body })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({
      fieldErrors: { [field]: [expect.any(String) as unknown] },
    })
  })

  test('a NUL in a body key is a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":"Fine name","a\\u0000b":1}',
    })
    expect(response.statusCode, response.body).toBe(400)
  })

  test.each(['search', 'tag', 'addedBy'])('a NUL in the %s query is a 400', async (key) => {
    const response = await t.app.inject({ url: `/api/talents?${key}=a%00b`, headers })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({
      fieldErrors: { [key]: [expect.any(String) as unknown] },
    })
  })

  test('a NUL in a login e-mail is a 400, not a database error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@example.com', password: 'whatever-it-is' },
    })
    expect(response.statusCode, response.body).toBe(400)
  })

  test('ordinary odd Unicode is stored as sent', async () => {
    const name = 'Zoë \u202eRTL\u200b 😀 İß'
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/talents/${talentId}`,
      headers,
      payload: { ...validTalent, email: 'ada@example.com', fullName: name },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ fullName: name })
  })
})

describe('deeply nested bodies', () => {
  test.each([
    ['arrays', '['.repeat(40_000) + ']'.repeat(40_000)],
    ['objects', '{"a":'.repeat(15_000) + '"\\u0000"' + '}'.repeat(15_000)],
  ])('nested %s near the 100 KiB cap are a 400, not a stack overflow', async (_name, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode, response.body).toBe(400)
  })
})
