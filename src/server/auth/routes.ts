import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changePasswordRequestSchema,
  firstTimePasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
} from '#shared/auth.ts'
import { userSchema } from '#shared/user.ts'
import { requireViewer } from './access.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { toPublicUser } from './accounts.ts'
import { cookiePolicy, sessionCookieOptions } from './cookies.ts'
import { loginStepResponseSchema } from '#shared/mfa.ts'
import { loginContext, replyWithSession } from './session-reply.ts'
import { login } from './login.ts'
import { changePassword, firstTimePasswordChange } from './service.ts'
import { deleteSession, resolveSession, tokenFromRequest } from './sessions.ts'

export type AuthRoutesOptions = { db: Db; config: Config }

/** The auth API of spec section 7. */
export const authRoutes: FastifyPluginCallback<AuthRoutesOptions> = (
  base,
  { db, config },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const policy = cookiePolicy(config)
  const cookieOptions = (request: FastifyRequest) => sessionCookieOptions(policy, request)
  const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.clearCookie(policy.sessionCookie, cookieOptions(request))
  }

  app.post('/api/auth/login', {
    config: { access: 'public' },
    schema: {
      summary: 'Sign in: a session token and cookie, or the mfaToken of a second factor due',
      body: loginRequestSchema,
      response: { 200: loginStepResponseSchema },
    },
    handler: async (request, reply) => {
      const result = await login(db, config, request.body, loginContext(request))
      if (result.kind !== 'session') {
        const { mfaToken } = result
        return result.kind === 'verify'
          ? { mfaRequired: true as const, mfaToken }
          : { mfaEnrollmentRequired: true as const, mfaToken }
      }
      return replyWithSession(config, request, reply, result)
    },
  })

  app.get('/api/auth/me', {
    config: { access: 'user', allowWhileMustChangePassword: true },
    schema: { summary: 'The signed-in user', response: { 200: userSchema } },
    handler: (request) => toPublicUser(requireViewer(request).user),
  })

  // Public on purpose: logging out with a dead session still clears the cookie and answers 200.
  app.post('/api/auth/logout', {
    config: { access: 'public' },
    schema: {
      summary: 'Sign out: end this session and clear its cookie',
      response: { 200: messageResponseSchema },
    },
    handler: async (request, reply) => {
      const token = tokenFromRequest(request, policy.sessionCookie)
      const resolved = token ? await resolveSession(db, config, token.value) : undefined
      if (resolved) await deleteSession(db, resolved.session.id)
      request.log.info({ event: 'logout', userId: resolved?.user.id })
      clearSessionCookie(request, reply)
      return { message: 'Logged out successfully' }
    },
  })

  app.post('/api/auth/change-password', {
    config: { access: 'user', allowWhileMustChangePassword: true },
    schema: {
      summary: "Change the signed-in user's password",
      body: changePasswordRequestSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      const { user, sessionId } = requireViewer(request)
      await changePassword(db, config, request.body, { userId: user.id, sessionId })
      request.log.info({ event: 'password_changed', userId: user.id })
      return { message: 'Password changed successfully' }
    },
  })

  app.post('/api/auth/first-time-password-change', {
    config: { access: 'user', allowWhileMustChangePassword: true },
    schema: {
      summary: 'Replace a temporary password at first sign-in',
      body: firstTimePasswordRequestSchema,
      response: { 200: z.object({ message: z.string(), user: userSchema }) },
    },
    handler: async (request) => {
      const { user, sessionId } = requireViewer(request)
      const updated = await firstTimePasswordChange(db, config, request.body.newPassword, {
        userId: user.id,
        sessionId,
      })
      request.log.info({ event: 'password_changed', userId: user.id, firstTime: true })
      return { message: 'Password updated successfully', user: toPublicUser(updated) }
    },
  })
  done()
}
