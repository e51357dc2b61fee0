import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { registeredRoutes, type RouteEntry } from '#server/auth/access.ts'
import { createSession } from '#server/auth/sessions.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/open.ts'
import type { UserRow } from '#server/db/rows.ts'
import type { CreateUserInput } from '#server/users/service.ts'
import { createTestApp, createTestUser, type TestApp } from '../support/test-app.ts'

/** Shared set-up of the SECURITY.md tests (tests/security/*.test.ts). */

export type Caller = {
  user: UserRow
  token: string
  sessionId: number
  /** Authorization: Bearer (what Scout's client sends). */
  bearer: { authorization: string }
  /** The session cookie alone, as a browser sends it on a plain link or a form. */
  cookie: { cookie: string }
}

/** A user with a session made directly (no argon2), for tests about what happens after login. */
export async function signedInCaller(
  db: Db,
  config: Config,
  overrides: Partial<CreateUserInput> = {},
): Promise<Caller> {
  const { user } = await createTestUser(db, overrides)
  const { token, sessionId } = await createSession(db, config, user.id)
  return {
    user,
    token,
    sessionId,
    bearer: { authorization: `Bearer ${token}` },
    cookie: { cookie: `${SESSION_COOKIE}=${token}` },
  }
}

/** A test app that also serves a (tiny) built client, so the page routes exist. */
export async function createAppWithClient(overrides: Partial<Config> = {}): Promise<TestApp> {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'scout-security-client-'))
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Scout</title>')
  const t = await createTestApp({ clientDir, ...overrides })
  return {
    ...t,
    close: async () => {
      await t.close()
      rmSync(clientDir, { recursive: true, force: true })
    },
  }
}

/** Every route of the app except the HEAD twins Fastify adds for each GET. */
export function appRoutes(app: FastifyInstance): RouteEntry[] {
  const all = registeredRoutes(app)
  return all.filter(
    (route) =>
      !(route.method === 'HEAD' && all.some((r) => r.method === 'GET' && r.url === route.url)),
  )
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The route's URL with every :param set to `id` (the wildcard becomes a client page). */
export function concreteUrl(route: RouteEntry, id: number | string = 1): string {
  return route.url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? String(id) : segment === '*' ? 'dashboard' : segment,
    )
    .join('/')
}

export function routeName(route: RouteEntry): string {
  return `${route.method} ${route.url}`
}
