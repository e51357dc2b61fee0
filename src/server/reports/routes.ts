import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  engagementReportSchema,
  overviewReportSchema,
  sourcesReportSchema,
} from '#shared/reports.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { getEngagementReport } from './engagement.ts'
import { getOverviewReport } from './overview.ts'
import { getSourcesReport } from './sources.ts'

export type ReportRoutesOptions = { db: Db }

/** The three Reports tabs: pool-wide aggregates, readable by every signed-in user. */
export const reportRoutes: FastifyPluginCallback<ReportRoutesOptions> = (base, { db }, done) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/reports/overview', {
    config: { access: 'user' },
    schema: {
      summary: 'Report: pool size over time, by area, level and status',
      response: { 200: overviewReportSchema },
    },
    handler: (request) => getOverviewReport(db, new Date(), requireViewer(request).dataVersion),
  })

  app.get('/api/reports/sources', {
    config: { access: 'user' },
    schema: {
      summary: 'Report: who added talents per month, and the top tags',
      response: { 200: sourcesReportSchema },
    },
    handler: (request) => getSourcesReport(db, new Date(), requireViewer(request).dataVersion),
  })

  app.get('/api/reports/engagement', {
    config: { access: 'user' },
    schema: {
      summary: 'Report: stale profiles, Needs Updating, and activity',
      response: { 200: engagementReportSchema },
    },
    handler: (request) => getEngagementReport(db, new Date(), requireViewer(request).dataVersion),
  })

  done()
}
