import { describe, expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'

/** A 500 the fuzz tests found: talent ids beyond PostgreSQL integers reached the database. */

const validTalent = {
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  areaOfInterest: 'Engineering',
  seniorityLevel: 'exec',
}

describe('talent ids beyond PostgreSQL integers', () => {
  test.for([
    ['GET', '/api/talents/2147483648'],
    ['DELETE', '/api/talents/99999999999'],
    ['PUT', '/api/talents/9007199254740993'],
  ] as const)('%s %s is a 400', async ([method, url], { api }) => {
    const { headers } = await api.as('admin')
    const response = await api.app.inject({
      method,
      url,
      headers,
      ...(method === 'PUT' ? { payload: validTalent } : {}),
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ fieldErrors: { id: expect.any(Array) as unknown } })
  })

  test('the largest integer id is simply not found', async ({ api }) => {
    const response = await (await api.as('admin')).inject('GET', '/api/talents/2147483647')
    expect(response.statusCode).toBe(404)
  })
})
