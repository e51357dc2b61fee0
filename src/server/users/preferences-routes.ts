import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { preferencesSchema } from '#shared/preferences.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { getPreferences, savePreferences } from './preferences.ts'

export type PreferenceRoutesOptions = { db: Db }

/**
 * The signed-in user's own Settings switches. There is no user id in the URL: a caller
 * can only ever read or write their own row.
 */
export const preferenceRoutes: FastifyPluginCallback<PreferenceRoutesOptions> = (
  base,
  { db },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/me/preferences', {
    config: { access: 'user' },
    schema: {
      summary: "The signed-in user's Settings switches",
      response: { 200: preferencesSchema },
    },
    handler: (request) => getPreferences(db, requireViewer(request).user.id),
  })

  app.put('/api/me/preferences', {
    config: { access: 'user' },
    schema: {
      summary: "Save the signed-in user's Settings switches",
      body: preferencesSchema,
      response: { 200: preferencesSchema },
    },
    handler: (request) => savePreferences(db, requireViewer(request).user.id, request.body),
  })

  done()
}
