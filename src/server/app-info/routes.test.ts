import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, createTestUser, loginAs, type TestApp } from '#tests/support/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ adminEmail: 'Chief@Example.COM' })
  await createTestUser(testApp.database.db, { email: 'reader@x.test' })
})
afterAll(async () => {
  await testApp.close()
})

test('GET /api/app-info names the configured default admin, lower-cased, to signed-in users', async () => {
  const viewer = await loginAs(testApp.app, 'reader@x.test')
  const response = await testApp.app.inject({ url: '/api/app-info', headers: viewer.headers })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ defaultAdminEmail: 'chief@example.com' })
  expect((await testApp.app.inject({ url: '/api/app-info' })).statusCode).toBe(401)
})
