import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eraseInputSchema, eraseResultSchema, erasureListSchema } from '#shared/erasure.ts'
import { talentIdParamsSchema } from '#shared/talent.ts'
import { requireViewer } from '../../auth/access.ts'
import type { Db } from '../../db/open.ts'
import { eraseTalent } from './erase.ts'
import type { ErasureKeys } from './identifiers.ts'
import { listErasures } from './list.ts'

export type ErasureRoutesOptions = { db: Db; keys: ErasureKeys }

/**
 * Erasing a person (security rule 50-51): admins and the talent's adder may erase (the rule is
 * in erase.ts, like delete's); only admins read the erasure records.
 */
export const erasureRoutes: FastifyPluginCallback<ErasureRoutesOptions> = (
  base,
  { db, keys },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post('/api/talents/:id/erase', {
    config: { access: 'user' },
    schema: {
      summary: 'Erase a talent and every copy of their personal data',
      params: talentIdParamsSchema,
      body: eraseInputSchema,
      response: { 200: eraseResultSchema },
    },
    handler: (request) =>
      eraseTalent(db, request.params.id, request.body, requireViewer(request).user, keys),
  })

  app.get('/api/erasures', {
    config: { access: 'admin' },
    schema: {
      summary: 'Erasure records: who, when, why, and hashed identifiers only',
      response: { 200: erasureListSchema },
    },
    handler: () => listErasures(db),
  })

  done()
}
