import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messageResponseSchema } from '#shared/auth.ts'
import { endSessionsQuerySchema, sessionIdParamsSchema, sessionInfoSchema } from '#shared/mfa.ts'
import type { Db } from '../db/open.ts'
import { requireViewer } from './access.ts'
import { endOtherSessions, endOwnSession, listOwnSessions } from './session-list.ts'

export type SessionRoutesOptions = { db: Db }

export const SESSION_ENDED = 'Signed out of that session.'
export const OTHER_SESSIONS_ENDED = 'Signed out of all other sessions.'

/** A person's own signed-in sessions: list them, end one, end all the others. */
export const sessionRoutes: FastifyPluginCallback<SessionRoutesOptions> = (base, { db }, done) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/auth/sessions', {
    config: { access: 'user' },
    schema: {
      summary: "The signed-in person's sessions: browser, system, IP, signed in, last active",
      response: { 200: z.array(sessionInfoSchema) },
    },
    handler: (request) => {
      const { user, sessionId } = requireViewer(request)
      return listOwnSessions(db, user.id, sessionId)
    },
  })

  app.delete('/api/auth/sessions/:id', {
    config: { access: 'user' },
    schema: {
      summary: 'Sign out one of your own sessions (this one too)',
      params: sessionIdParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      const { user } = requireViewer(request)
      await endOwnSession(db, user.id, request.params.id)
      request.log.info({ event: 'session_ended', userId: user.id, sessionId: request.params.id })
      return { message: SESSION_ENDED }
    },
  })

  app.delete('/api/auth/sessions', {
    config: { access: 'user' },
    schema: {
      summary: 'Sign out of all other sessions (?others=1); this one stays',
      querystring: endSessionsQuerySchema,
      response: { 200: messageResponseSchema.extend({ ended: z.number().int() }) },
    },
    handler: async (request) => {
      const { user, sessionId } = requireViewer(request)
      const ended = await endOtherSessions(db, user.id, sessionId)
      request.log.info({ event: 'other_sessions_ended', userId: user.id, ended })
      return { message: OTHER_SESSIONS_ENDED, ended }
    },
  })

  done()
}
