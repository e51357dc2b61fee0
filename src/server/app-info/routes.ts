import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { appInfoSchema } from '#shared/app-info.ts'

export type AppInfoRoutesOptions = { adminEmail: string }

/** GET /api/app-info for signed-in users (the default admin's e-mail is not for strangers). */
export const appInfoRoutes: FastifyPluginCallback<AppInfoRoutesOptions> = (
  base,
  { adminEmail },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.get('/api/app-info', {
    config: { access: 'user' },
    schema: {
      summary: "The default admin account's e-mail",
      response: { 200: appInfoSchema },
    },
    handler: () => ({ defaultAdminEmail: adminEmail.toLowerCase() }),
  })
  done()
}
