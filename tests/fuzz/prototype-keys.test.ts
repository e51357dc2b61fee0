import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSession } from '#server/auth/sessions.ts'
import { createTestApp, createTestUser, type TestApp } from '../support/test-app.ts'

/** A 500 the fuzz tests found (issue 6): fields named like Object.prototype members broke the error handler. */

let t: TestApp
let headers: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  const { user } = await createTestUser(t.database.db, { role: 'admin' })
  headers = {
    authorization: `Bearer ${(await createSession(t.database.db, t.config, user.id)).token}`,
  }
})
afterAll(() => t.close())

describe('fields named like Object.prototype members', () => {
  test.each(['constructor', 'toString', 'hasOwnProperty'])(
    'an unknown body field %s is a 400 that names it',
    async (field) => {
      const response = await t.app.inject({
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

  test('a body with a __proto__ key is refused by the JSON parser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":"Fine name","__proto__":{"role":"admin"}}',
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({ message: expect.any(String) as unknown })
  })

  test('an unknown query parameter named constructor is a 400 too', async () => {
    const response = await t.app.inject({ url: '/api/talents?constructor=1', headers })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ fieldErrors: { constructor: ['Unknown field'] } })
  })
})
