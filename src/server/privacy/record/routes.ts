import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { privacyRecordInputSchema, privacyRecordSchema } from '#shared/privacy.ts'
import { talentIdParamsSchema } from '#shared/talent.ts'
import { requireViewer } from '../../auth/access.ts'
import type { Db } from '../../db/open.ts'
import { getPrivacyRecord, updatePrivacyRecord } from './service.ts'

/**
 * A talent's privacy record (security rule 49): who may read or edit the talent may read or
 * edit its record — every signed-in user (spec section 6).
 */
export const privacyRecordRoutes: FastifyPluginCallback<{ db: Db }> = (base, { db }, done) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/talents/:id/privacy', {
    config: { access: 'user' },
    schema: {
      summary: "A talent's privacy record: source, lawful basis, consent, informed on",
      params: talentIdParamsSchema,
      response: { 200: privacyRecordSchema },
    },
    handler: (request) => getPrivacyRecord(db, request.params.id),
  })

  app.put('/api/talents/:id/privacy', {
    config: { access: 'user' },
    schema: {
      summary: "Set a talent's privacy record",
      params: talentIdParamsSchema,
      body: privacyRecordInputSchema,
      response: { 200: privacyRecordSchema },
    },
    handler: (request) =>
      updatePrivacyRecord(db, request.params.id, request.body, requireViewer(request).user),
  })

  done()
}
