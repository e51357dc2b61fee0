import { describe, expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'

/** A 500 the fuzz tests found: fields named like Object.prototype members broke the error handler. */

describe('fields named like Object.prototype members', () => {
  test.for(['constructor', 'toString', 'hasOwnProperty'])(
    'an unknown body field %s is a 400 that names it',
    async (field, { api }) => {
      const { headers } = await api.as('admin')
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: { ...headers, 'content-type': 'application/json' },
        // JSON text, so '__proto__' arrives as a real key.
        payload: `{"name":"Fine name","${field}":1}`,
      })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({ fieldErrors: { [field]: ['Unknown field'] } })
    },
  )

  test('a body with a __proto__ key is refused by the JSON parser', async ({ api }) => {
    const { headers } = await api.as('admin')
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":"Fine name","__proto__":{"role":"admin"}}',
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({ message: expect.any(String) as unknown })
  })

  test('an unknown query parameter named constructor is a 400 too', async ({ api }) => {
    const response = await (await api.as('admin')).inject('GET', '/api/talents?constructor=1')
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ fieldErrors: { constructor: ['Unknown field'] } })
  })
})
