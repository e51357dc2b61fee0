import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { toPublicUser } from './accounts.ts'
import { cookiePolicy, sessionCookieOptions } from './cookies.ts'
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './device-cookie.ts'
import type { LoginContext, SessionResult } from './login.ts'

/** What every sign-in route reads from its request (security rule 6 d, sessions list). */
export function loginContext(request: FastifyRequest): LoginContext {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceCookie: request.cookies[DEVICE_COOKIE],
    log: request.log,
  }
}

/**
 * Sets the session cookie (security rule 10) and the device cookie (6 d) of a finished sign-in, and
 * answers the spec's `{ token, user }`.
 */
export function replyWithSession(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionResult,
) {
  const policy = cookiePolicy(config)
  const options = sessionCookieOptions(policy, request)
  const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)
  void reply.setCookie(policy.sessionCookie, session.token, { ...options, maxAge })
  if (session.deviceCookie) {
    // Security rule 6 d: only the sign-in reads it, so it goes nowhere else.
    void reply.setCookie(DEVICE_COOKIE, session.deviceCookie, {
      ...options,
      sameSite: 'strict',
      path: '/api/auth/login',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    })
  }
  return { token: session.token, user: toPublicUser(session.user) }
}
