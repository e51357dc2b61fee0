import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createSavedViewSchema,
  savedViewIdParamsSchema,
  savedViewSchema,
  updateSavedViewSchema,
} from '#shared/saved-view.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { createView, deleteView, getView, listViews, updateView } from './service.ts'

export type SavedViewRoutesOptions = { db: Db }

/**
 * Saved views: any signed-in user keeps their own and sees everyone's shared
 * ones; only the owner changes a view, and admins shared ones too (service.ts decides).
 */
export const savedViewRoutes: FastifyPluginCallback<SavedViewRoutesOptions> = (
  base,
  { db },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/views', {
    config: { access: 'user' },
    schema: {
      summary: "The caller's saved views and everyone's shared ones, with live counts",
      response: { 200: z.array(savedViewSchema) },
    },
    handler: (request) => {
      const viewer = requireViewer(request)
      return listViews(db, viewer.user, viewer.dataVersion)
    },
  })

  app.get('/api/views/:id', {
    config: { access: 'user' },
    schema: {
      summary: 'One saved view (own or shared), to open it by URL',
      params: savedViewIdParamsSchema,
      response: { 200: savedViewSchema },
    },
    handler: (request) => {
      const viewer = requireViewer(request)
      return getView(db, request.params.id, viewer.user, viewer.dataVersion)
    },
  })

  app.post('/api/views', {
    config: { access: 'user' },
    schema: {
      summary: 'Save the current search, filters, sort and view under a name',
      body: createSavedViewSchema,
      response: { 201: savedViewSchema },
    },
    handler: async (request, reply) => {
      const viewer = requireViewer(request)
      const view = await createView(db, request.body, viewer.user, viewer.dataVersion)
      return reply.status(201).send(view)
    },
  })

  app.patch('/api/views/:id', {
    config: { access: 'user' },
    schema: {
      summary: 'Rename, share or unshare a saved view, or save a new state over it',
      params: savedViewIdParamsSchema,
      body: updateSavedViewSchema,
      response: { 200: savedViewSchema },
    },
    handler: (request) => {
      const viewer = requireViewer(request)
      return updateView(db, request.params.id, request.body, viewer.user, viewer.dataVersion)
    },
  })

  app.delete('/api/views/:id', {
    config: { access: 'user' },
    schema: { summary: 'Delete a saved view', params: savedViewIdParamsSchema },
    handler: async (request, reply) => {
      await deleteView(db, request.params.id, requireViewer(request).user)
      return reply.status(204).send()
    },
  })

  done()
}
