import { expect, test } from 'vitest'
import { createTestApp } from '#tests/support/test-app.ts'

test('GET /api/health: up while the database answers, 503 once it is gone', async () => {
  // Its own app, not the API-test fixture: the test closes the database under the app.
  const t = await createTestApp()
  try {
    const up = await t.app.inject({ url: '/api/health' })
    expect(up.statusCode).toBe(200)
    expect(up.json()).toEqual({ status: 'ok', database: 'up' })
    await t.database.close()
    const down = await t.app.inject({ url: '/api/health' })
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' })
    // Any route that needs the database answers 503 too, not 500.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'whatever-it-is' },
    })
    expect(login.statusCode).toBe(503)
    expect(login.json()).toEqual({
      message: 'The database is unavailable. Please try again shortly.',
    })
  } finally {
    await t.app.close()
  }
})
