import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect } from 'vitest'
import type { RouteEntry } from '#server/auth/access.ts'
import { sessions, tags, users } from '#server/db/schema.ts'
import { jsonSchemaOf, validValue } from '../fuzz/json-schema-arbitrary.ts'
import { insertTalent } from '../support/talent-rows.ts'
import { loginAs } from '../support/test-app.ts'
import { apiTestWith, type Api } from '#tests/support/api-test.ts'
import { testClientDir } from '#tests/support/client-dir.ts'
import { appRoutes, concreteUrl, routeName, WRITE_METHODS } from './support.ts'

/**
 * Security rule 16: a walkthrough of every route as anonymous, user and admin — the scripted journey
 * of sign-in, invite, first password, talents, tags, reports, settings — then every other route
 * with generated valid bodies. Every answer is scanned: no password or session hash, no secret
 * keys, the token only from login, tempPassword only to admins.
 */

type Who = 'anonymous' | 'user' | 'admin'
type Seen = { who: Who; route: string; response: LightMyRequestResponse }

const SECRET_KEYS = new Set([
  'passwordHash',
  'password_hash',
  'secretHash',
  'secret_hash',
  'sessions',
  'sid',
  'password',
  'currentPassword',
  'newPassword',
])

// The walkthrough covers the page routes too, which exist only over a built client.
const test = apiTestWith({ clientDir: testClientDir('security-responses') })
const seen: Seen[] = []
const secrets = new Set<string>()

/** Every password and session hash the database holds right now. */
async function collectSecrets(api: Api): Promise<void> {
  for (const row of await api.database.db.select({ hash: users.passwordHash }).from(users)) {
    secrets.add(row.hash)
  }
  for (const row of await api.database.db.select({ hash: sessions.secretHash }).from(sessions)) {
    secrets.add(row.hash)
  }
}

/** Every key path of a JSON value with the value found there. */
function keysOf(value: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, child]: [string, unknown]) => [
    { path: [...path, key], value: child },
    ...keysOf(child, [...path, key]),
  ])
}

describe('security rule 16: no response ever carries a secret', () => {
  test('a full walkthrough of every route, every answer scanned', async ({ api }) => {
    const admin = await api.as('admin')
    const headers: Record<Who, Record<string, string>> = {
      anonymous: {},
      admin: admin.headers,
      user: {},
    }
    async function call(who: Who, method: string, url: string, payload?: object) {
      const response = await api.app.inject({
        method: method as 'GET',
        url,
        headers: headers[who],
        ...(payload ? { payload } : {}),
      })
      // The most specific pattern: /api/talents/export, not /api/talents/:id, as the router does.
      const route = appRoutes(api.app)
        .filter((r) => r.method === method && matches(r, url))
        .sort((a, b) => paramCount(a) - paramCount(b))[0]
      seen.push({ who, route: route ? routeName(route) : `${method} ${url}`, response })
      return response
    }

    // The scripted journey: invite, first sign-in, first password, sign in again.
    const invited = await call('admin', 'POST', '/api/invite', {
      email: 'walker@example.com',
      firstName: 'Wal',
      lastName: 'Ker',
    })
    const temp = invited.json<{ tempPassword: string }>().tempPassword
    const first = await call('anonymous', 'POST', '/api/auth/login', {
      email: 'walker@example.com',
      password: temp,
    })
    headers.user = { authorization: `Bearer ${first.json<{ token: string }>().token}` }
    await collectSecrets(api)
    await call('user', 'POST', '/api/auth/first-time-password-change', {
      newPassword: 'Blue-Kettle-Morning-77',
    })
    const session = await loginAs(api.app, 'walker@example.com', 'Blue-Kettle-Morning-77')
    headers.user = session.headers
    const talent = {
      fullName: 'Walk Through',
      email: 'walk@example.com',
      areaOfInterest: 'Science',
      seniorityLevel: 'mid',
      tags: ['Walkthrough'],
    }
    const created = await call('user', 'POST', '/api/talents', talent)
    const talentId = created.json<{ id: number }>().id
    await call('user', 'PUT', `/api/talents/${talentId}`, { ...talent, notes: 'Edited' })
    await call('user', 'POST', '/api/tags', { name: 'Walk Tag' })
    await call('user', 'PUT', '/api/me/preferences', {
      emailNotifications: false,
      newTalentAlerts: true,
    })
    await call('user', 'POST', '/api/auth/change-password', {
      currentPassword: 'Blue-Kettle-Morning-77',
      newPassword: 'Green-Teapot-Evening-88',
    })
    await collectSecrets(api)

    // Every route, as each caller: reads first, then writes with generated valid bodies.
    const extraTalent = await insertTalent(api.database.db, { fullName: 'Extra', email: 'x@e.com' })
    const [tag] = await api.database.db.select({ id: tags.id }).from(tags).limit(1)
    const idFor = (route: RouteEntry) =>
      route.url.startsWith('/api/users/')
        ? admin.user.id + 1000 // nobody: never the admin or the walker
        : route.url.startsWith('/api/tags/')
          ? (tag?.id ?? 1)
          : route.method === 'DELETE'
            ? extraTalent
            : talentId
    const routes = appRoutes(api.app).filter((r) => routeName(r) !== 'POST /api/auth/logout')
    const ordered = [
      ...routes.filter((r) => !WRITE_METHODS.has(r.method)),
      ...routes.filter((r) => WRITE_METHODS.has(r.method) && r.method !== 'DELETE'),
      ...routes.filter((r) => r.method === 'DELETE'),
    ]
    for (const route of ordered) {
      const schema = jsonSchemaOf(route.schema?.body)
      const bodies = schema ? fc.sample(validValue(schema), { numRuns: 8, seed: 16 }) : [undefined]
      for (const who of ['anonymous', 'user', 'admin'] as const) {
        for (const body of bodies) {
          const payload = typeof body === 'object' && body !== null ? body : undefined
          const response = await call(who, route.method, concreteUrl(route, idFor(route)), payload)
          if (response.statusCode < 300) break
        }
      }
    }
    await collectSecrets(api)
    await call('user', 'POST', '/api/auth/logout')
    await call('anonymous', 'POST', '/api/auth/logout')

    // Every route was walked, by every caller.
    for (const route of appRoutes(api.app)) {
      if (route.method === 'HEAD') continue
      expect(
        seen.filter((s) => s.route === routeName(route)).length,
        routeName(route),
      ).toBeGreaterThanOrEqual(1)
    }
    expect(seen.filter((s) => s.response.statusCode < 300).length).toBeGreaterThan(30)
    expect(secrets.size).toBeGreaterThan(3)

    for (const { who, route, response } of seen) {
      const what = `${who} ${route} → ${response.statusCode}`
      expect(response.body, what).not.toContain('$argon2')
      for (const secret of secrets) expect(response.body.includes(secret), what).toBe(false)
      if (!String(response.headers['content-type']).startsWith('application/json')) continue
      for (const { path, value } of keysOf(response.json())) {
        const key = path.at(-1) ?? ''
        const where = `${what}: ${path.join('.')}`
        // fieldErrors name the fields of the request, e.g. newPassword: ['Required'], and the
        // OpenAPI document describes them (properties.password): names, never values.
        const namesFields =
          path[0] === 'fieldErrors' ||
          (route === 'GET /api/openapi.json' && path.includes('properties'))
        if (namesFields) continue
        expect(SECRET_KEYS.has(key), where).toBe(false)
        if (key === 'token') {
          expect([route, path.length, response.statusCode], where).toEqual([
            'POST /api/auth/login',
            1,
            200,
          ])
        }
        if (key === 'tempPassword' && value !== null) expect(who, where).toBe('admin')
      }
    }
    // Every route three times over, up to eight bodies each: it grows with the API (42 s in a
    // loaded fresh-clone run), so its own limit rather than the API tests' 30 s.
  }, 180_000)
})

/** How many `:param` segments a route's pattern has (fewer: more specific). */
function paramCount(route: RouteEntry): number {
  // The app's catch-all answers only what no other route does: the least specific of all.
  if (route.url.endsWith('*')) return Number.POSITIVE_INFINITY
  return route.url.split('/').filter((segment) => segment.startsWith(':')).length
}

/** Whether a concrete URL is an instance of the route's pattern. */
function matches(route: RouteEntry, url: string): boolean {
  const path = url.split('?')[0] ?? ''
  if (route.url === '/*') return !path.startsWith('/api/')
  const pattern = route.url.replace(/:[^/]+/g, '[^/]+')
  return new RegExp(`^${pattern}$`).test(path)
}
