import type { FastifyPluginCallback } from 'fastify'
import { renderDocs, type OpenApiDocument } from './render-docs.ts'

/** GET /api/openapi.json and GET /api/docs, for signed-in users. */
export const apiDocsRoutes: FastifyPluginCallback = (app, _options, done) => {
  // Built once, on first use, as bytes: the routes do not change while the server runs, and the
  // document (250 KB) and the page (530 KB) were serialized and encoded again for every request.
  let json: Buffer | undefined
  let page: Buffer | undefined

  app.get('/api/openapi.json', {
    config: { access: 'user' },
    schema: { summary: 'This API as an OpenAPI 3.1 document' },
    handler: async (_request, reply) => {
      json ??= Buffer.from(JSON.stringify(app.swagger()))
      return reply.type('application/json; charset=utf-8').send(json)
    },
  })

  app.get('/api/docs', {
    config: { access: 'user' },
    schema: { summary: 'This API as a readable page' },
    handler: async (_request, reply) => {
      page ??= Buffer.from(renderDocs(app.swagger() as unknown as OpenApiDocument))
      return reply.type('text/html; charset=utf-8').send(page)
    },
  })

  done()
}
