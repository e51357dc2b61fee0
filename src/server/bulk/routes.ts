import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bulkIdParamsSchema,
  bulkListQuerySchema,
  bulkRequestSchema,
  bulkResultSchema,
  bulkSummarySchema,
  bulkUndoResultSchema,
} from '#shared/bulk.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { listRecentBulk } from './recent.ts'
import { runBulk, undoBulk } from './service.ts'
import { SELECTION_BODY_LIMIT } from '../body-limits.ts'

export type BulkRoutesOptions = { db: Db }

/** Bulk actions; who may do what is in service.ts. */
export const bulkRoutes: FastifyPluginCallback<BulkRoutesOptions> = (base, { db }, done) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post('/api/talents/bulk', {
    config: { access: 'user' },
    bodyLimit: SELECTION_BODY_LIMIT,
    schema: {
      summary: 'Tag, untag, set or clear statuses on, or delete a selection of talents',
      body: bulkRequestSchema,
      response: { 200: bulkResultSchema },
    },
    handler: async (request) => {
      return runBulk(db, request.body, requireViewer(request).user)
    },
  })

  app.post('/api/bulk/:id/undo', {
    config: { access: 'user' },
    schema: {
      summary: 'Undo a bulk action (within 24 hours)',
      params: bulkIdParamsSchema,
      response: { 200: bulkUndoResultSchema },
    },
    handler: async (request) => {
      return undoBulk(db, request.params.id, requireViewer(request).user)
    },
  })

  app.get('/api/bulk', {
    config: { access: 'user' },
    schema: {
      summary: 'Bulk actions of the last 24 hours',
      querystring: bulkListQuerySchema,
      response: { 200: z.array(bulkSummarySchema) },
    },
    handler: (request) =>
      listRecentBulk(db, requireViewer(request).user, { mine: request.query.mine === '1' }),
  })

  done()
}
