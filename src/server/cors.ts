import type { FastifyInstance } from 'fastify'

/**
 * Security rule 25: no CORS unless CORS_ORIGINS lists origins; then only those, with credentials.
 * Preflights are answered here, before routing, so no OPTIONS routes are needed.
 */
export function registerCors(app: FastifyInstance, origins: string[]): void {
  if (origins.length === 0) return
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (origin === undefined || !origins.includes(origin)) return
    void reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-credentials', 'true')
      // Paging rides in headers (GET /api/talents); without this a cross-origin client can't read them.
      .header(
        'access-control-expose-headers',
        'X-Total-Count, X-Total-Count-Estimated, X-Next-Cursor, Retry-After',
      )
      .header('vary', 'Origin')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', 'Content-Type, Authorization')
        .header('access-control-max-age', '600')
        .status(204)
        .send()
    }
  })
}
