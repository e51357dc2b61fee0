import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '#shared/auth.ts'
import {
  createTestApp,
  createTestUser,
  TEST_PASSWORD,
  type TestApp,
} from '#tests/support/test-app.ts'

/** SECURITY.md 35: cookies and HSTS follow PUBLIC_URL; only named proxies may say who the client is. */
describe('published over HTTPS (PUBLIC_URL https://…)', () => {
  let t: TestApp
  let email: string
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://scout.example.com' })
    email = (await createTestUser(t.database.db)).user.email
  })
  afterAll(async () => {
    await t.close()
  })

  const login = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    })

  test('SECURITY.md 35: the session cookie is __Host-, Secure, Path=/ and has no Domain; HSTS is sent', async () => {
    // The app behind a TLS proxy sees plain HTTP: PUBLIC_URL decides, not the request.
    const response = await login()
    expect(response.statusCode).toBe(200)
    const cookie = response.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`)
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' })
    expect(cookie?.domain).toBeUndefined()
    expect(response.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false)
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  test('SECURITY.md 35: only the __Host- cookie signs a request in', async () => {
    const { token } = (await login()).json<{ token: string }>()
    const withHost = await t.app.inject({
      url: '/api/auth/me',
      cookies: { [`__Host-${SESSION_COOKIE}`]: token },
    })
    expect(withHost.statusCode).toBe(200)
    // A cookie without the prefix may have been planted by a sibling subdomain: ignored.
    const plain = await t.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: token } })
    expect(plain.statusCode).toBe(401)
  })
})

describe('published over plain HTTP (the default)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  test('the cookie keeps its plain name and no HSTS is sent', async () => {
    const { user } = await createTestUser(t.database.db)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ path: '/', httpOnly: true })
    expect(cookie?.secure).toBeFalsy()
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('client addresses behind a proxy (SECURITY.md 35)', () => {
  async function lockedAfterTenFromForwardedAddresses(trustProxy: false | string[]) {
    const t = await createTestApp({ trustProxy })
    try {
      // Ten failures, each claiming another client address in X-Forwarded-For.
      for (let i = 1; i <= 10; i += 1) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody${i}@x.test`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        })
      }
      const next = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@x.test', password: 'wrong-password' },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      })
      return next.statusCode === 429
    } finally {
      await t.close()
    }
  }

  test('SECURITY.md 35: without TRUST_PROXY a client cannot choose its own address', async () => {
    // All ten came from one socket address: the eleventh is held, whatever the header said.
    expect(await lockedAfterTenFromForwardedAddresses(false)).toBe(true)
  })

  test('SECURITY.md 35: with TRUST_PROXY naming the proxy, its X-Forwarded-For is the client', async () => {
    // app.inject comes from 127.0.0.1, the trusted proxy: ten clients, each with one failure.
    expect(await lockedAfterTenFromForwardedAddresses(['127.0.0.1'])).toBe(false)
  })
})
