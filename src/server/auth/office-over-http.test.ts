import { request } from 'node:http'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { loginThrottle } from '../db/schema.ts'
import { seededApiTestWith } from '#tests/support/api-test.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'

/**
 * Security rule 6 c through the real HTTP server: each client's socket is bound to an address of its
 * own in 127.0.0.0/8 (Linux routes all of it to loopback), so the server keys the throttle by the
 * address the kernel reports — no header, no injected address. The file's one app listens from
 * its first test to its last.
 */
const test = seededApiTestWith({})
let port = 0
test.beforeAll(async ({ api }) => {
  await api.app.listen({ port: 0, host: '127.0.0.1' })
  const address = api.app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
})

const OFFICE = '127.0.0.10'
const SPRAYER = '127.0.0.20'

/** POST /api/auth/login from a socket bound to `from`; a new connection each time (no agent). */
function signIn(from: string, email: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email, password })
    const call = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    call.on('error', reject)
    call.end(body)
  })
}

test('security rule 6 c: over HTTP, 10 people × 1 typo from one office address, then 20 others — 20/20 signed in; a sprayer elsewhere is stopped, the office is not', async ({
  api,
}) => {
  const typists = await Promise.all(Array.from({ length: 10 }, () => api.makeUser()))
  const others = await Promise.all(Array.from({ length: 20 }, () => api.makeUser()))
  for (const user of typists) {
    expect(await signIn(OFFICE, user.email, `${TEST_PASSWORD}x`)).toBe(401)
  }
  const codes: number[] = []
  for (const user of others) codes.push(await signIn(OFFICE, user.email, TEST_PASSWORD))
  expect(codes).toEqual(others.map(() => 200))

  // The server counted the office's socket address itself.
  const [office] = await api.database.db
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.key, `ip:${OFFICE}`))
  expect(office).toMatchObject({ windowFailures: 10, consecutiveFailures: 10, lockedUntil: null })

  // Another address sprays one guess at each of 60 accounts: it is held before the 60th...
  const spray: number[] = []
  for (let i = 0; i < 60; i += 1) {
    spray.push(await signIn(SPRAYER, `sprayed${i}@scout.test`, 'Summer2024!'))
  }
  expect(spray.filter((code) => code !== 401 && code !== 429)).toEqual([])
  expect(spray.indexOf(429)).toBeGreaterThan(0)
  expect(spray.indexOf(429)).toBeLessThan(60)
  // ...while the office, at its own address, keeps signing in.
  for (const user of typists) expect(await signIn(OFFICE, user.email, TEST_PASSWORD)).toBe(200)
}, 120_000)
