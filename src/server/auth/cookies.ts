import type { FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '#shared/auth.ts'
import type { Config } from '../config.ts'

/**
 * Security rule 10 and 35: the session cookie is HttpOnly, SameSite=Lax, Path=/. When Scout is
 * published over HTTPS (PUBLIC_URL https://…) it is always Secure and named with the `__Host-`
 * prefix, which browsers only accept from a secure origin, for exactly this host, on Path=/ — so
 * neither a sibling subdomain nor a plain-HTTP hop can plant or overwrite it — and HSTS is sent.
 * Behind a TLS proxy the app itself may only ever see plain HTTP, so PUBLIC_URL decides, not the
 * request.
 */
export type CookiePolicy = { sessionCookie: string; alwaysSecure: boolean }

export function cookiePolicy(config: Pick<Config, 'publicUrl'>): CookiePolicy {
  const alwaysSecure = config.publicUrl.startsWith('https://')
  return {
    sessionCookie: alwaysSecure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE,
    alwaysSecure,
  }
}

/** Whether this answer goes out over HTTPS as far as the browser is concerned. */
export function isSecure(policy: CookiePolicy, request: FastifyRequest): boolean {
  return policy.alwaysSecure || request.protocol === 'https'
}

export function sessionCookieOptions(policy: CookiePolicy, request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecure(policy, request),
  } as const
}

export const HSTS = 'max-age=31536000; includeSubDomains'
