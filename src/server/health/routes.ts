import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

export type HealthRoutesOptions = { ping: () => Promise<boolean> }

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
})

/** GET /api/health: no auth; reports whether the database answers. */
export const healthRoutes: FastifyPluginCallback<HealthRoutesOptions> = (base, { ping }, done) => {
  base.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: 'public' },
    schema: {
      summary: 'Whether the server and its database answer',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (_request, reply) => {
      if (await ping()) return { status: 'ok', database: 'up' } as const
      return reply.status(503).send({ status: 'unavailable', database: 'down' })
    },
  })
  done()
}
