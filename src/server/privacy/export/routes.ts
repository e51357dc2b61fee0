import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { talentIdParamsSchema } from '#shared/talent.ts'
import { requireViewer } from '../../auth/access.ts'
import type { Db } from '../../db/open.ts'
import { startPersonalDataExport } from './personal-data.ts'

export type PersonalDataRoutesOptions = { db: Db }

/** A talent's personal data as one zip (security rule 53-54); who may is in personal-data.ts. */
export const personalDataRoutes: FastifyPluginCallback<PersonalDataRoutesOptions> = (
  base,
  { db },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/talents/:id/personal-data', {
    config: { access: 'user' },
    // No response schema: the body is a zip stream.
    schema: {
      summary:
        "Everything Scout holds about one talent as a zip: summary.html, data.json (fields, tags, statuses, History) and every CV version (admins and the talent's adder)",
      params: talentIdParamsSchema,
    },
    handler: async (request, reply) => {
      const { user } = requireViewer(request)
      const file = await startPersonalDataExport(db, request.params.id, user)
      // Security rule 24: who handed out whose data, by id only.
      request.log.info({
        event: 'personal_data_exported',
        userId: user.id,
        talentId: request.params.id,
      })
      return (
        reply
          .header('content-type', 'application/zip')
          // The name is ours and plain ASCII (personalDataFileName).
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.stream)
      )
    },
  })

  done()
}
