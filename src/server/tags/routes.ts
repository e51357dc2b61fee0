import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createTagSchema,
  deleteTagResponseSchema,
  mergeTagSchema,
  renameTagSchema,
  tagIdParamsSchema,
  tagSchema,
} from '#shared/tag.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { deleteTag, mergeTag, renameTag } from './manage.ts'
import { createTag, listTags } from './service.ts'

export type TagRoutesOptions = { db: Db }

/**
 * GET and POST /api/tags (spec section 7): any signed-in user (spec section 1: "use tags").
 * Rename, merge and delete: admins only, for the reason in manage.ts.
 */
export const tagRoutes: FastifyPluginCallback<TagRoutesOptions> = (base, { db }, done) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/tags', {
    config: { access: 'user' },
    schema: {
      summary: 'Every tag with how many talents carry it',
      response: { 200: z.array(tagSchema) },
    },
    handler: (request) => listTags(db, requireViewer(request).dataVersion),
  })

  app.post('/api/tags', {
    config: { access: 'user' },
    schema: { summary: 'Create a tag', body: createTagSchema, response: { 201: tagSchema } },
    handler: async (request, reply) => {
      const tag = await createTag(db, request.body, requireViewer(request).user)
      return reply.status(201).send(tag)
    },
  })

  app.put('/api/tags/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Rename a tag on every talent',
      params: tagIdParamsSchema,
      body: renameTagSchema,
      response: { 200: tagSchema },
    },
    handler: (request) =>
      renameTag(db, request.params.id, request.body, requireViewer(request).user),
  })

  app.delete('/api/tags/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Delete a tag from every talent',
      params: tagIdParamsSchema,
      response: { 200: deleteTagResponseSchema },
    },
    handler: (request) => deleteTag(db, request.params.id, requireViewer(request).user),
  })

  app.post('/api/tags/:id/merge', {
    config: { access: 'admin' },
    schema: {
      summary: 'Merge a tag into another on every talent',
      params: tagIdParamsSchema,
      body: mergeTagSchema,
      response: { 200: tagSchema },
    },
    handler: (request) =>
      mergeTag(db, request.params.id, request.body, requireViewer(request).user),
  })

  done()
}
