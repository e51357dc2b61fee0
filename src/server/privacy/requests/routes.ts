import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eraseResultSchema } from '#shared/erasure.ts'
import {
  batchIdParamsSchema,
  erasureRequestDoneSchema,
  erasureRequestListSchema,
  privacyRequestBatchSchema,
  privacyRequestBulkSchema,
  privacyRequestInputSchema,
  privacyRequestListSchema,
  privacyRequestSchema,
  privacyRequestSettingsSchema,
} from '#shared/privacy-requests.ts'
import { talentIdParamsSchema } from '#shared/talent.ts'
import { requireViewer } from '../../auth/access.ts'
import { SELECTION_BODY_LIMIT } from '../../body-limits.ts'
import type { Db } from '../../db/open.ts'
import type { Mailer } from '../../mail/mailer.ts'
import type { ErasureKeys } from '../erasure/identifiers.ts'
import { getBatch, startBatch } from './bulk.ts'
import { dismissRequest, eraseRequested, listErasureRequests } from './erasure-requests.ts'
import { listRequests, sendOne } from './send.ts'
import { getRequestSettings, saveRequestSettings } from './settings.ts'

export type PrivacyRequestRoutesOptions = {
  db: Db
  mailer: Mailer | undefined
  publicUrl: string
  keys: ErasureKeys
}

/**
 * Asking the person (security rule 59-62). Whoever may edit a talent may send it a notice or a
 * consent request and see what was sent (every signed-in user, like the privacy record); a bulk
 * send is followed by its author or an admin; the templates and the erasure requests are the
 * admins'.
 */
export const privacyRequestRoutes: FastifyPluginCallback<PrivacyRequestRoutesOptions> = (
  base,
  { db, mailer, publicUrl, keys },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/talents/:id/privacy-requests', {
    config: { access: 'user' },
    schema: {
      summary: "A talent's privacy notices and consent requests, and whether one can be sent",
      params: talentIdParamsSchema,
      response: { 200: privacyRequestListSchema },
    },
    handler: (request) => listRequests({ db, mailer }, request.params.id),
  })

  app.post('/api/talents/:id/privacy-requests', {
    config: { access: 'user' },
    schema: {
      summary: 'E-mail the talent a privacy notice or a consent request with a link to their page',
      params: talentIdParamsSchema,
      body: privacyRequestInputSchema,
      response: { 201: privacyRequestSchema },
    },
    handler: async (request, reply) => {
      const sent = await sendOne(
        { db, mailer, publicUrl, log: request.log },
        request.params.id,
        request.body.kind,
        requireViewer(request).user,
      )
      return reply.code(201).send(sent)
    },
  })

  app.post('/api/talents/bulk/privacy-requests', {
    config: { access: 'user' },
    bodyLimit: SELECTION_BODY_LIMIT,
    schema: {
      summary: 'Send a privacy notice or a consent request to a selection or a view (a job)',
      body: privacyRequestBulkSchema,
      response: { 202: privacyRequestBatchSchema },
    },
    handler: async (request, reply) => {
      const batch = await startBatch({ db, mailer }, request.body, requireViewer(request).user)
      app.jobs.nudge()
      return reply.code(202).send(batch)
    },
  })

  app.get('/api/privacy/request-batches/:id', {
    config: { access: 'user' },
    schema: {
      summary: "A bulk send's progress (its author or an admin)",
      params: batchIdParamsSchema,
      response: { 200: privacyRequestBatchSchema },
    },
    handler: (request) => getBatch(db, request.params.id, requireViewer(request).user),
  })

  app.get('/api/privacy/request-settings', {
    config: { access: 'admin' },
    schema: {
      summary: 'The notice and consent e-mail templates and the privacy page switches',
      response: { 200: privacyRequestSettingsSchema },
    },
    handler: () => getRequestSettings(db),
  })

  app.put('/api/privacy/request-settings', {
    config: { access: 'admin' },
    schema: {
      summary: 'Save the notice and consent e-mail templates and the privacy page switches',
      body: privacyRequestSettingsSchema,
      response: { 200: privacyRequestSettingsSchema },
    },
    handler: (request) => saveRequestSettings(db, request.body, requireViewer(request).user),
  })

  app.get('/api/privacy/erasure-requests', {
    config: { access: 'admin' },
    schema: {
      summary: 'Removals people asked for on their privacy page, waiting for an admin',
      response: { 200: erasureRequestListSchema },
    },
    handler: () => listErasureRequests(db),
  })

  app.post('/api/privacy/erasure-requests/:id/erase', {
    config: { access: 'admin' },
    schema: {
      summary: 'Erase the talent who asked to be removed',
      params: batchIdParamsSchema,
      response: { 200: eraseResultSchema },
    },
    handler: (request) => eraseRequested(db, request.params.id, requireViewer(request).user, keys),
  })

  app.post('/api/privacy/erasure-requests/:id/dismiss', {
    config: { access: 'admin' },
    schema: {
      summary: 'Dismiss an erasure request (the talent stays)',
      params: batchIdParamsSchema,
      response: { 200: erasureRequestDoneSchema },
    },
    handler: (request) => dismissRequest(db, request.params.id, requireViewer(request).user),
  })

  done()
}
