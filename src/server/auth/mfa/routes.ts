import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { loginResponseSchema, messageResponseSchema } from '#shared/auth.ts'
import {
  loginMfaEnableRequestSchema,
  loginMfaEnableResponseSchema,
  loginMfaRequestSchema,
  loginMfaSetupRequestSchema,
  mfaDisableRequestSchema,
  mfaEnableRequestSchema,
  mfaEnableResponseSchema,
  mfaSetupRequestSchema,
  mfaSetupResponseSchema,
} from '#shared/mfa.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/open.ts'
import { toPublicUser } from '../accounts.ts'
import { requireViewer } from '../access.ts'
import { loginContext, replyWithSession } from '../session-reply.ts'
import { beginEnrolmentAtLogin, completeEnrolmentAtLogin, completeMfaLogin } from './login-step.ts'
import { beginSignedInSetup, disableMfa, enableMfa } from './service.ts'

export type MfaRoutesOptions = { db: Db; config: Config }

export const MFA_DISABLED_MESSAGE = 'Two-factor sign-in is off.'

/** Two-factor sign-in: the sign-in's second step, and the person's own setup. */
export const mfaRoutes: FastifyPluginCallback<MfaRoutesOptions> = (base, { db, config }, done) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  // Public: the mfaToken from POST /api/auth/login is the credential (single use, 5 minutes).
  app.post('/api/auth/login/mfa', {
    config: { access: 'public' },
    schema: {
      summary: 'Sign in, step 2: a code from the authenticator app or a recovery code',
      body: loginMfaRequestSchema,
      response: { 200: loginResponseSchema },
    },
    handler: async (request, reply) => {
      const session = await completeMfaLogin(db, config, request.body, loginContext(request))
      return replyWithSession(config, request, reply, session)
    },
  })

  app.post('/api/auth/login/mfa/setup', {
    config: { access: 'public' },
    schema: {
      summary: 'Sign in, when an admin requires two-factor: the QR code to enrol with',
      body: loginMfaSetupRequestSchema,
      response: { 200: mfaSetupResponseSchema },
    },
    handler: (request) => beginEnrolmentAtLogin(db, config, request.body.mfaToken),
  })

  app.post('/api/auth/login/mfa/enable', {
    config: { access: 'public' },
    schema: {
      summary: 'Sign in, when an admin requires two-factor: confirm with a code; recovery codes',
      body: loginMfaEnableRequestSchema,
      response: { 200: loginMfaEnableResponseSchema },
    },
    handler: async (request, reply) => {
      const context = loginContext(request)
      const session = await completeEnrolmentAtLogin(db, config, request.body, context)
      const answer = replyWithSession(config, request, reply, session)
      return { ...answer, recoveryCodes: session.recoveryCodes }
    },
  })

  app.post('/api/auth/mfa/setup', {
    config: { access: 'user' },
    schema: {
      summary:
        'Start setting up two-factor sign-in with the current password: a new secret and its otpauth URL',
      body: mfaSetupRequestSchema,
      response: { 200: mfaSetupResponseSchema },
    },
    handler: (request) => {
      const { user, sessionId } = requireViewer(request)
      return beginSignedInSetup({ db, config, user, sessionId }, request.body.password)
    },
  })

  app.post('/api/auth/mfa/enable', {
    config: { access: 'user' },
    schema: {
      summary:
        'Turn two-factor sign-in on with a current code; ends the other sessions; answers ten recovery codes',
      body: mfaEnableRequestSchema,
      response: { 200: mfaEnableResponseSchema },
    },
    handler: async (request) => {
      const { user, sessionId } = requireViewer(request)
      const result = await enableMfa({ db, config, user, sessionId }, request.body.code)
      request.log.info({ event: 'mfa_enabled', userId: user.id })
      return { recoveryCodes: result.recoveryCodes, user: toPublicUser(result.user) }
    },
  })

  app.post('/api/auth/mfa/disable', {
    config: { access: 'user' },
    schema: {
      summary:
        'Turn two-factor sign-in off: needs the password and a current code; ends the other sessions',
      body: mfaDisableRequestSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      const { user, sessionId } = requireViewer(request)
      await disableMfa({ db, config, user, sessionId }, request.body)
      request.log.info({ event: 'mfa_disabled', userId: user.id })
      return { message: MFA_DISABLED_MESSAGE }
    },
  })

  done()
}
