import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { describe, expect } from 'vitest'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { buildApp } from './app.ts'
import { DATABASE_DOWN_MESSAGE, WRITE_COLLISION_MESSAGE } from './errors.ts'
import { databaseTest } from '#tests/support/database-test.ts'
import { testConfig } from '#tests/support/test-app.ts'

const CSP =
  "default-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';script-src 'self';" +
  "worker-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;connect-src 'self';" +
  "form-action 'self'"

// Different from the plain file on purpose: a test that reads it back knows the prebuilt .br/.gz
// was sent, not the plain file compressed on the fly.
const BIG_JS = `console.log(${JSON.stringify('precompressed '.repeat(200))})`

// An app of its own over the fixture's database: it serves a client folder of its own and adds
// failing stand-in routes before it is ready, which the API-test fixture's app cannot.
const test = databaseTest
  // eslint-disable-next-line no-empty-pattern
  .extend('clientDir', { scope: 'file' }, ({}, { onCleanup }): string => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'scout-client-'))
    onCleanup(() => rmSync(clientDir, { recursive: true, force: true }))
    mkdirSync(path.join(clientDir, 'assets'))
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Scout</title>')
    // What scripts/build/prerender-pages.ts writes: index.html with a screen drawn.
    writeFileSync(
      path.join(clientDir, 'login.html'),
      '<!doctype html><title>Scout</title><h1>Scout</h1>',
    )
    writeFileSync(
      path.join(clientDir, 'dashboard.html'),
      '<!doctype html><title>Scout</title><h1>Talent Dashboard</h1>',
    )
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)')
    // What scripts/vite-precompress.ts writes beside a built file.
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(BIG_JS))
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync(BIG_JS))
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>')
    return clientDir
  })
  .extend(
    'app',
    { scope: 'file' },
    async ({ database, clientDir }, { onCleanup }): Promise<FastifyInstance> => {
      const app = await buildApp({ database, config: testConfig({ clientDir }), logger: false })
      onCleanup(() => app.close())
      app.get('/api/test/boom', { config: { access: 'public' } }, () => {
        throw new Error('secret internals: SELECT * FROM users')
      })
      app.get('/api/test/db-down', { config: { access: 'public' } }, () => {
        throw new Error('Failed query', {
          cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
        })
      })
      app.get('/api/test/conflict', { config: { access: 'public' } }, () => {
        throw new Error('Failed query', {
          cause: Object.assign(new Error('dup'), { code: '23505' }),
        })
      })
      app.get('/api/test/deadlock', { config: { access: 'public' } }, () => {
        throw new Error('Failed query', {
          cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
        })
      })
      await app.ready()
      return app
    },
  )

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CSP)
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-powered-by']).toBeUndefined()
  // HSTS only over HTTPS (security rule 25); inject speaks plain HTTP.
  expect(headers['strict-transport-security']).toBeUndefined()
}

describe('headers (security rule 25)', () => {
  test('API responses: security headers, CSP, no-store', async ({ app }) => {
    const response = await app.inject({ url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expectSecurityHeaders(response.headers)
    expect(response.headers['cache-control']).toBe('no-store')
    const error = await app.inject({ url: '/api/auth/me' })
    expect(error.statusCode).toBe(401)
    expectSecurityHeaders(error.headers)
    expect(error.headers['cache-control']).toBe('no-store')
  })

  test('HSTS and a Secure cookie when served over HTTPS behind a trusted proxy', async ({
    database,
  }) => {
    const proxied = await buildApp({
      database,
      config: testConfig({ trustProxy: ['127.0.0.1'] }),
      logger: false,
    })
    try {
      const response = await proxied.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      )
      const logout = await proxied.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(logout.cookies[0]?.secure).toBe(true)
    } finally {
      await proxied.close()
    }
  })
})

describe('the one error handler (security rule 18, 23)', () => {
  test('unknown /api routes answer a JSON 404', async ({ app }) => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/does-not-exist' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
  })

  test('malformed JSON → 400', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Malformed JSON in request body' })
  })

  test('a content type other than JSON → 415', async ({ app }) => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: 'email=a@b.c&password=x',
      })
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({
        message: 'Unsupported content type. Send application/json.',
      })
    }
  })

  test('a body over 100 KiB → 413', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(101 * 1024) },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'Request body is too large' })
  })

  test('an empty JSON body reads as no body: 400 from validation, not a parser error', async ({
    app,
  }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toHaveProperty('fieldErrors')
  })

  test('a malformed URL is a 400, not a 500', async ({ app }) => {
    for (const url of ['/api/auth/me/%zz', '/%zz', '/dashboard/%E0%A4%A']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).not.toBeGreaterThanOrEqual(500)
    }
    const params = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    })
    expect(params.statusCode).toBe(400)
  })

  test('anything unexpected → 500 with a request id and nothing internal', async ({ app }) => {
    const response = await app.inject({ url: '/api/test/boom' })
    expect(response.statusCode).toBe(500)
    const body = response.json<{ message: string; requestId: string }>()
    expect(body.message).toBe('Internal server error')
    expect(Object.keys(body).sort()).toEqual(['message', 'requestId'])
    expect(body.requestId.length).toBeGreaterThan(8)
    expect(response.body).not.toContain('SELECT')
  })

  test('database unreachable → 503; unique violation → 409 (through drizzle wrapping)', async ({
    app,
  }) => {
    const down = await app.inject({ url: '/api/test/db-down' })
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({ message: DATABASE_DOWN_MESSAGE })
    const conflict = await app.inject({ url: '/api/test/conflict' })
    expect(conflict.statusCode).toBe(409)
    // Two writes that collided (a tag rename rewriting a talent being saved): retryable, not a 500.
    const deadlock = await app.inject({ url: '/api/test/deadlock' })
    expect(deadlock.statusCode).toBe(409)
    expect(deadlock.json()).toEqual({ message: WRITE_COLLISION_MESSAGE })
  })
})

describe('the web client (CLIENT_DIR)', () => {
  test('index.html for / and for any client route, with CSP and no-cache', async ({ app }) => {
    for (const url of ['/', '/dashboard/users', '/dashboard/imports/12?x=1']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body).toContain('<title>Scout</title>')
      expect(response.headers['cache-control']).toBe('no-cache')
      expectSecurityHeaders(response.headers)
    }
  })

  test('security rule 48: an unknown page path is a 404 carrying the app, which draws its not-found screen', async ({
    app,
  }) => {
    for (const url of [
      '/no-such-page',
      '/dashboard/nonsense/x',
      '/some/unknown/page?x=1',
      '/login/x',
    ]) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.body, url).toContain('<title>Scout</title>')
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expectSecurityHeaders(response.headers)
    }
    for (const url of ['/dashboard', '/dashboard/', '/login', '/change-password']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200)
    }
    // The API's unknown paths keep their JSON 404.
    const api = await app.inject({ url: '/api/no-such-route' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ message: 'Not found' })
  })

  test('/login is sent drawn (the prerendered page); it has no second address', async ({ app }) => {
    const login = await app.inject({ url: '/login?next=%2Fdashboard' })
    expect(login.statusCode).toBe(200)
    expect(login.body).toContain('<h1>Scout</h1>')
    expect(login.headers['cache-control']).toBe('no-cache')
    expectSecurityHeaders(login.headers)
    expect((await app.inject({ url: '/dashboard' })).body).not.toContain('<h1>')
    expect((await app.inject({ url: '/login.html' })).statusCode).toBe(404)
  })

  test('/dashboard is sent with its frame drawn only to a browser with a session cookie', async ({
    app,
  }) => {
    const signedIn = await app.inject({ url: '/dashboard', cookies: { [SESSION_COOKIE]: 'any' } })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.body).toContain('<h1>Talent Dashboard</h1>')
    expect(signedIn.headers['cache-control']).toBe('no-cache')
    expect(signedIn.headers.vary).toContain('Cookie')
    expectSecurityHeaders(signedIn.headers)
    // A visitor without one is sent on to /login: the frame would only delay that.
    const visitor = await app.inject({ url: '/dashboard' })
    expect(visitor.body).not.toContain('<h1>')
    expect(visitor.headers.vary).toContain('Cookie')
    // Only the dashboard itself: its other pages draw other screens.
    const other = await app.inject({
      url: '/dashboard/users',
      cookies: { [SESSION_COOKIE]: 'any' },
    })
    expect(other.body).not.toContain('<h1>')
    expect((await app.inject({ url: '/dashboard.html' })).statusCode).toBe(404)
  })

  test('hashed assets are immutable; other files revalidate; a missing asset is a 404', async ({
    app,
  }) => {
    const asset = await app.inject({ url: '/assets/app-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log(1)')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await app.inject({ url: '/favicon.svg' })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe('no-cache')
    expect((await app.inject({ url: '/assets/gone-old.js' })).statusCode).toBe(404)
  })

  test("the build's .br / .gz files are sent as they are to clients that accept them", async ({
    app,
  }) => {
    const br = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS)
    const gz = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS)
  })

  test('robots.txt disallows all, every answer says noindex, the icon has a home', async ({
    app,
  }) => {
    const robots = await app.inject({ url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n')
    for (const url of ['/', '/dashboard', '/api/health', '/api/unknown', '/favicon.svg']) {
      expect((await app.inject({ url })).headers['x-robots-tag'], url).toBe('noindex, nofollow')
    }
    const icon = await app.inject({ url: '/favicon.ico' })
    expect(icon.statusCode).toBe(301)
    expect(icon.headers.location).toBe('/favicon.svg')
  })

  test('a path that names a missing file is a 404, not the app', async ({ app }) => {
    for (const url of [
      '/.env',
      '/.git/config',
      '/wp-login.php',
      '/backup.zip',
      '/talents/1/cv.pdf',
    ]) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('<title>Scout</title>')
    }
  })

  test('/api paths never fall back to the client', async ({ app }) => {
    const response = await app.inject({ url: '/api/unknown' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found' })
  })
})
