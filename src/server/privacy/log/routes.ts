import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { privacyLogQuerySchema } from '#shared/privacy-log.ts'
import type { Db } from '../../db/open.ts'
import { CSV_CONTENT_TYPE } from '../../files/csv-writer.ts'
import { privacyLogCsv, privacyLogCsvFileName } from './csv.ts'
import { privacyLogBatches, privacyLogPage } from './list.ts'

export type PrivacyLogRoutesOptions = { db: Db }

/** Response header of a page that has a next one (as GET /api/talents, docs/api.md). */
const NEXT_CURSOR_HEADER = 'x-next-cursor'

/** GET /api/privacy/log: the privacy log for admins (security rule 54), a page or a CSV file. */
export const privacyLogRoutes: FastifyPluginCallback<PrivacyLogRoutesOptions> = (
  base,
  { db },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/privacy/log', {
    config: { access: 'admin' },
    // No response schema: a JSON page (privacyLogEntrySchema[], built from that schema's fields in
    // list.ts) or, with format=csv, a file stream.
    schema: {
      summary:
        'The privacy log, newest first: personal data exports, erasures, retention runs, notices, consent changes and spreadsheet exports (format=csv for the whole log)',
      querystring: privacyLogQuerySchema,
    },
    handler: async (request, reply) => {
      const { limit, cursor, format } = request.query
      if (format === 'csv') {
        return reply
          .header('content-type', CSV_CONTENT_TYPE)
          .header(
            'content-disposition',
            `attachment; filename="${privacyLogCsvFileName(new Date())}"`,
          )
          .header('x-content-type-options', 'nosniff')
          .send(privacyLogCsv(privacyLogBatches(db)))
      }
      const page = await privacyLogPage(db, { limit, cursor })
      if (page.nextCursor !== undefined) {
        void reply.header(NEXT_CURSOR_HEADER, String(page.nextCursor))
      }
      return page.entries
    },
  })

  done()
}
