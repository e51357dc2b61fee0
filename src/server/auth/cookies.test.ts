import { describe, expect, vi } from 'vitest'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { apiTest, apiTestWith, type Api } from '#tests/support/api-test.ts'
import { TEST_PASSWORD } from '#tests/support/test-app.ts'
import { DEFAULT_THROTTLE } from '../config.ts'

// One app per setting (Vitest defines file-scoped fixtures at the top level of a file only).
const overHttps = apiTestWith({ publicUrl: 'https://scout.example.com' })
const withoutProxy = apiTestWith({ trustProxy: false })
const behindProxy = apiTestWith({ trustProxy: ['127.0.0.1'] })

/** Security rule 35: cookies and HSTS follow PUBLIC_URL; only named proxies may say who the client is. */
describe('published over HTTPS (PUBLIC_URL https://…)', () => {
  const test = overHttps

  const login = async (api: Api) => {
    const { email } = await api.makeUser()
    return api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    })
  }

  test('security rule 35: the session cookie is __Host-, Secure, Path=/ and has no Domain; HSTS is sent', async ({
    api,
  }) => {
    // The app behind a TLS proxy sees plain HTTP: PUBLIC_URL decides, not the request.
    const response = await login(api)
    expect(response.statusCode).toBe(200)
    const cookie = response.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`)
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' })
    expect(cookie?.domain).toBeUndefined()
    expect(response.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false)
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  test('security rule 35: only the __Host- cookie signs a request in', async ({ api }) => {
    const { token } = (await login(api)).json<{ token: string }>()
    const withHost = await api.app.inject({
      url: '/api/auth/me',
      cookies: { [`__Host-${SESSION_COOKIE}`]: token },
    })
    expect(withHost.statusCode).toBe(200)
    // A cookie without the prefix may have been planted by a sibling subdomain: ignored.
    const plain = await api.app.inject({
      url: '/api/auth/me',
      cookies: { [SESSION_COOKIE]: token },
    })
    expect(plain.statusCode).toBe(401)
  })
})

describe('published over plain HTTP (the default)', () => {
  const test = apiTest

  test('the cookie keeps its plain name and no HSTS is sent', async ({ api }) => {
    const user = await api.makeUser()
    const response = await api.app.inject({
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

describe('client addresses behind a proxy (security rule 35)', () => {
  async function heldAfterSprayFromForwardedAddresses(api: Api) {
    // A spray (security rule 6 c: the address's limit of accounts), each failure at another account
    // and claiming another client address in X-Forwarded-For. The clock stands, so the first,
    // short wait is not outlasted on a loaded machine.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      for (let i = 1; i <= DEFAULT_THROTTLE.ipMaxAccounts; i += 1) {
        await api.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody${i}@x.test`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        })
      }
      const next = await api.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@x.test', password: 'wrong-password' },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      })
      return next.statusCode === 429
    } finally {
      vi.useRealTimers()
    }
  }

  withoutProxy(
    'security rule 35: without TRUST_PROXY a client cannot choose its own address',
    async ({ api }) => {
      // All came from one socket address: the next is held, whatever the header said.
      expect(await heldAfterSprayFromForwardedAddresses(api)).toBe(true)
    },
  )

  behindProxy(
    'security rule 35: with TRUST_PROXY naming the proxy, its X-Forwarded-For is the client',
    async ({ api }) => {
      // app.inject comes from 127.0.0.1, the trusted proxy: many clients, each with one failure.
      expect(await heldAfterSprayFromForwardedAddresses(api)).toBe(false)
    },
  )
})
