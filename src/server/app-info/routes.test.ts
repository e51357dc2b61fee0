import { expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'

test.override('appConfig', { adminEmail: 'Chief@Example.COM' })

test('GET /api/app-info names the configured default admin, lower-cased, to signed-in users', async ({
  api,
}) => {
  const response = await (await api.as('user')).inject('GET', '/api/app-info')
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ defaultAdminEmail: 'chief@example.com' })
  expect((await (await api.as('anonymous')).inject('GET', '/api/app-info')).statusCode).toBe(401)
})
