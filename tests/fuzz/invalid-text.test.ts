import { describe, expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'

/** A 500 the fuzz tests found: NUL (and unpaired surrogates) in any text reached the database. */

const validTalent = {
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  areaOfInterest: 'Engineering',
  seniorityLevel: 'exec',
}

describe('text PostgreSQL cannot store: NUL and unpaired surrogates', () => {
  test.for<[name: string, url: string, body: object, field: string]>([
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
  ])(
    '%s is a 400 naming the field, and nothing is stored',
    async ([, url, body, field], { api }) => {
      const response = await (await api.as('admin')).inject('POST', url, body)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({
        fieldErrors: { [field]: [expect.any(String) as unknown] },
      })
    },
  )

  test('a NUL in a body key is a 400', async ({ api }) => {
    const { headers } = await api.as('admin')
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":"Fine name","a\\u0000b":1}',
    })
    expect(response.statusCode, response.body).toBe(400)
  })

  test.for(['search', 'tag', 'addedBy'])('a NUL in the %s query is a 400', async (key, { api }) => {
    const response = await (await api.as('admin')).inject('GET', `/api/talents?${key}=a%00b`)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({
      fieldErrors: { [key]: [expect.any(String) as unknown] },
    })
  })

  test('a NUL in a login e-mail is a 400, not a database error', async ({ api }) => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@example.com', password: 'whatever-it-is' },
    })
    expect(response.statusCode, response.body).toBe(400)
  })

  test('ordinary odd Unicode is stored as sent', async ({ api }) => {
    const talentId = await api.makeTalent({ fullName: 'Ada', email: 'ada@example.com' })
    const { headers } = await api.as('admin')
    const name = 'Zoë \u202eRTL\u200b 😀 İß'
    const response = await api.app.inject({
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
  test.for([
    ['arrays', '['.repeat(40_000) + ']'.repeat(40_000)],
    ['objects', '{"a":'.repeat(15_000) + '"\\u0000"' + '}'.repeat(15_000)],
  ])(
    'nested %s near the 100 KiB cap are a 400, not a stack overflow',
    async ([, payload], { api }) => {
      const { headers } = await api.as('admin')
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      })
      expect(response.statusCode, response.body).toBe(400)
    },
  )
})
