import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { cookiePolicy } from './cookies.ts'
import { deleteUserSessions, resolveSession, tokenFromRequest } from './sessions.ts'
import { ForbiddenError, UnauthorizedError } from '../errors.ts'
import { noteDataVersion } from '../cache/count-cache.ts'
import type { UserRow } from '../db/rows.ts'

/** Security rule 13: who may call a route. Every route declares one; none is assumed. */
export const ACCESS_LEVELS = ['public', 'user', 'admin'] as const
export type Access = (typeof ACCESS_LEVELS)[number]

/** The signed-in caller, re-read from the database on every request (security rule 9). */
export type Viewer = {
  user: UserRow
  sessionId: number
  via: 'bearer' | 'cookie'
  /** The talent list's data version when the request began (cache/page-cache.ts). */
  dataVersion: number
}

declare module 'fastify' {
  // Declaration merging needs interfaces here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access
    /** Security rule 11: reachable while the user must still change their password. */
    allowWhileMustChangePassword?: boolean
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    viewer: Viewer | undefined
  }
}

export const MUST_CHANGE_PASSWORD_MESSAGE = 'You must change your password before continuing.'
export const CROSS_SITE_MESSAGE = 'Cross-site request refused'

/**
 * One registered route, its declared access and its validation schemas (the permission matrix
 * and the fuzz tests read these).
 */
export type RouteEntry = { method: string; url: string; access: Access; schema?: FastifySchema }

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>()

/** Every route registered on an app built by buildApp, in registration order (security rule 17). */
export function registeredRoutes(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? []
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function isAccess(value: unknown): value is Access {
  return ACCESS_LEVELS.some((level) => level === value)
}

/** The viewer of a `user` or `admin` route; the access hook guarantees it is there. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new UnauthorizedError()
  return request.viewer
}

/**
 * Security rule 10: a write that can ride on the cookie (no Bearer header) must come from our own
 * origin: Sec-Fetch-Site same-origin/none, or when a browser sends no Sec-Fetch-Site, an Origin
 * equal to ours (or one listed in CORS_ORIGINS). Non-browser clients send neither and cannot be
 * forged into sending a cookie cross-site, so they pass.
 */
function assertSameOrigin(request: FastifyRequest, corsOrigins: string[], cookie: string): void {
  if (!STATE_CHANGING.has(request.method)) return
  if (tokenFromRequest(request, cookie)?.via === 'bearer') return
  const site = request.headers['sec-fetch-site']
  if (site === 'same-origin' || site === 'none') return
  const origin = request.headers.origin
  const isListed = origin !== undefined && corsOrigins.includes(origin)
  if (site === undefined) {
    if (origin === undefined || isListed || origin === `${request.protocol}://${request.host}`) {
      return
    }
  } else if (isListed) {
    return
  }
  throw new ForbiddenError(CROSS_SITE_MESSAGE)
}

/**
 * Deny by default (security rule 13): refuses to register a route without config.access, and
 * resolves the session for `user` and `admin` routes before anything else runs.
 */
export function registerAccessControl(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest('viewer', undefined)
  const { sessionCookie } = cookiePolicy(config)
  const table: RouteEntry[] = []
  routeTables.set(app, table)

  app.addHook('onRoute', (route) => {
    const access = route.config?.access
    if (!isAccess(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access ` +
          `('public' | 'user' | 'admin') (security rule 13)`,
      )
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      table.push({ method: String(method), url: route.url, access, schema: route.schema })
    }
  })

  app.addHook('onRequest', async (request) => {
    assertSameOrigin(request, config.corsOrigins, sessionCookie)
    const { access, allowWhileMustChangePassword } = request.routeOptions.config
    // The not-found handler has no access of its own and serves no data.
    if (access === undefined || access === 'public') return

    const token = tokenFromRequest(request, sessionCookie)
    const resolved = token ? await resolveSession(db, config, token.value) : undefined
    if (!token || !resolved) throw new UnauthorizedError()
    const { user, session } = resolved
    if (!user.isActive) {
      // Security rule 9, 12: a deactivated user is signed out everywhere.
      await deleteUserSessions(db, user.id)
      throw new UnauthorizedError()
    }
    if (user.mustChangePassword && !allowWhileMustChangePassword) {
      request.log.warn({ event: 'access_denied', reason: 'must_change_password', userId: user.id })
      throw new ForbiddenError(MUST_CHANGE_PASSWORD_MESSAGE)
    }
    if (access === 'admin' && user.role !== 'admin') {
      request.log.warn({ event: 'access_denied', reason: 'not_admin', userId: user.id })
      throw new ForbiddenError()
    }
    noteDataVersion(db, resolved.dataVersion)
    request.viewer = {
      user,
      sessionId: session.id,
      via: token.via,
      dataVersion: resolved.dataVersion,
    }
  })
}
