import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createFieldSchema,
  deletedFieldSchema,
  fieldDefinitionSchema,
  fieldDeletedSchema,
  fieldDeleteUndoneSchema,
  fieldIdParamsSchema,
  fieldUndoParamsSchema,
  typeChangePreviewQuerySchema,
  typeChangePreviewSchema,
  updateFieldSchema,
} from '#shared/fields.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { cachedDefinitions, listedFor } from './definitions.ts'
import { deleteField, listDeletedFields, undoFieldDelete } from './delete.ts'
import { createField, previewTypeChange, updateField } from './service.ts'

/**
 * Custom field definitions: every signed-in person reads them (private ones: admins only,
 * security rule 65); admins define, change and delete them.
 */
export const fieldRoutes: FastifyPluginCallback<{ db: Db }> = (base, { db }, done) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/fields', {
    config: { access: 'user' },
    schema: {
      summary: 'The custom fields in their order (private ones for admins only)',
      response: { 200: z.array(fieldDefinitionSchema) },
    },
    handler: async (request) => {
      const { user, dataVersion } = requireViewer(request)
      return listedFor(await cachedDefinitions(db, dataVersion), user)
    },
  })

  app.post('/api/fields', {
    config: { access: 'admin' },
    schema: {
      summary: 'Define a custom field',
      body: createFieldSchema,
      response: { 201: fieldDefinitionSchema },
    },
    handler: async (request, reply) => {
      const field = await createField(db, request.body, requireViewer(request).user)
      return reply.status(201).send(field)
    },
  })

  app.patch('/api/fields/:id', {
    config: { access: 'admin' },
    schema: {
      summary:
        'Change a custom field (refused if someone changed it since it was read, or if a type change would drop values)',
      params: fieldIdParamsSchema,
      body: updateFieldSchema,
      response: { 200: fieldDefinitionSchema },
    },
    handler: (request) => updateField(db, request.params.id, request.body),
  })

  app.delete('/api/fields/:id', {
    config: { access: 'admin' },
    schema: {
      summary:
        "Delete a custom field and every talent's value of it; answers how many talents held one and an undo id (24 hours)",
      params: fieldIdParamsSchema,
      response: { 200: fieldDeletedSchema },
    },
    handler: (request) => deleteField(db, request.params.id, requireViewer(request).user),
  })

  app.get('/api/fields/deleted', {
    config: { access: 'admin' },
    schema: {
      summary: 'Custom fields deleted in the last 24 hours that can still be brought back',
      response: { 200: z.array(deletedFieldSchema) },
    },
    handler: () => listDeletedFields(db),
  })

  app.post('/api/fields/deleted/:undoId/undo', {
    config: { access: 'admin' },
    schema: {
      summary: 'Bring a deleted custom field back with its values (within 24 hours)',
      params: fieldUndoParamsSchema,
      response: { 200: fieldDeleteUndoneSchema },
    },
    handler: (request) => undoFieldDelete(db, request.params.undoId, requireViewer(request).user),
  })

  app.get('/api/fields/:id/type-change-preview', {
    config: { access: 'admin' },
    schema: {
      summary: 'How many values a type change would convert and drop',
      params: fieldIdParamsSchema,
      querystring: typeChangePreviewQuerySchema,
      response: { 200: typeChangePreviewSchema },
    },
    handler: (request) => previewTypeChange(db, request.params.id, request.query.type),
  })

  done()
}
