import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSession } from '#server/auth/sessions.ts'
import { createTestApp, createTestUser, type TestApp } from '../support/test-app.ts'

/** A 500 the fuzz tests found (issue 6): talent ids beyond PostgreSQL integers reached the database. */

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

const validTalent = {
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  areaOfInterest: 'Engineering',
  seniorityLevel: 'exec',
}

describe('talent ids beyond PostgreSQL integers', () => {
  test.each([
    ['GET', '/api/talents/2147483648'],
    ['DELETE', '/api/talents/99999999999'],
    ['PUT', '/api/talents/9007199254740993'],
  ] as const)('%s %s is a 400', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers,
      ...(method === 'PUT' ? { payload: validTalent } : {}),
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ fieldErrors: { id: expect.any(Array) as unknown } })
  })

  test('the largest integer id is simply not found', async () => {
    const response = await t.app.inject({ url: '/api/talents/2147483647', headers })
    expect(response.statusCode).toBe(404)
  })
})
