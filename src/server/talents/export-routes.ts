import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { talentExportQuerySchema, talentSelectionExportSchema } from '#shared/talent-export.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { SELECTION_BODY_LIMIT } from '../body-limits.ts'
import { searchableFields } from './searchable-fields.ts'
import { startSelectionExport, startTalentExport, type TalentExport } from './export.ts'
import { TOTAL_COUNT_HEADER } from './routes.ts'

export type TalentExportRoutesOptions = { db: Db }

/**
 * The talent export, a plugin of its own so the list's routes stay as they
 * are. Open to every signed-in user: they can read every talent one by one already.
 */
export const talentExportRoutes: FastifyPluginCallback<TalentExportRoutesOptions> = (
  base,
  { db },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/talents/export', {
    config: { access: 'user' },
    // No response schema: the body is a file stream (CSV or XLSX).
    schema: {
      summary: 'Download every talent matching the filters, search and sort as CSV or XLSX',
      querystring: talentExportQuerySchema,
    },
    handler: async (request, reply) => {
      const { user, dataVersion } = requireViewer(request)
      const fields = await searchableFields(db, user, dataVersion)
      const file = await startTalentExport(db, request.query, {
        userId: user.id,
        role: user.role,
        dataVersion,
        fields,
      })
      return sendExport(request, reply, file)
    },
  })

  // The export of hand-picked talents. A POST because 100,000 ids do not fit in a URL.
  app.post('/api/talents/export', {
    config: { access: 'user' },
    bodyLimit: SELECTION_BODY_LIMIT,
    schema: {
      summary: 'Download a selection of talents, by id, as CSV or XLSX',
      body: talentSelectionExportSchema,
    },
    handler: async (request, reply) => {
      const { user, dataVersion } = requireViewer(request)
      const fields = await searchableFields(db, user, dataVersion)
      const file = await startSelectionExport(db, request.body, {
        userId: user.id,
        role: user.role,
        dataVersion,
        fields,
      })
      return sendExport(request, reply, file)
    },
  })

  done()
}

function sendExport(request: FastifyRequest, reply: FastifyReply, file: TalentExport) {
  // Security rule 24: who exported how much, without the search text (it may name a person).
  request.log.info({
    event: 'talents_exported',
    userId: requireViewer(request).user.id,
    format: file.format,
    rowCount: file.total,
  })
  return (
    reply
      .header('content-type', file.contentType)
      // The name is ours and plain ASCII (exportFileName), quoted.
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header(TOTAL_COUNT_HEADER, String(file.total))
      .send(file.stream)
  )
}
