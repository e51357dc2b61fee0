import type { FastifyInstance } from 'fastify'
import { registeredRoutes, type RouteEntry } from '#server/auth/access.ts'

/**
 * What the security tests (tests/security/*.test.ts) share about the app's routes. Their app,
 * rows and callers are the API-test fixture's (tests/support/api-test.ts).
 */

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
