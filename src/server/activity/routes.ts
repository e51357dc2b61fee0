import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { activityEntrySchema } from '#shared/activity.ts'
import { talentIdParamsSchema } from '#shared/talent.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { listTalentActivity } from './talent-history.ts'

export type ActivityRoutesOptions = { db: Db }

/** The activity log's read side: a talent's History, for every signed-in user. */
export const activityRoutes: FastifyPluginCallback<ActivityRoutesOptions> = (
  base,
  { db },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/talents/:id/activity', {
    config: { access: 'user' },
    schema: {
      summary: "A talent's history, newest first",
      params: talentIdParamsSchema,
      response: { 200: z.array(activityEntrySchema) },
    },
    handler: (request) => listTalentActivity(db, request.params.id, requireViewer(request).user),
  })

  done()
}
