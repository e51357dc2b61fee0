import type { FastifyPluginCallback } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { CountryCode } from 'libphonenumber-js'
import { z } from 'zod'
import {
  dismissDuplicatesSchema,
  mergeCreatedSchema,
  mergeIdParamsSchema,
  mergeInputSchema,
  mergeUndoneSchema,
  duplicateCandidateSchema,
  duplicateCheckQuerySchema,
  duplicateGroupsSchema,
  duplicateScanRequestedSchema,
} from '#shared/duplicates.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { checkDuplicates } from './check.ts'
import { dismissDuplicates, readDuplicateGroups } from './duplicate-groups.ts'
import { requestDuplicateScan } from './scan-schedule.ts'
import { mergeTalents } from './merge.ts'
import { undoMerge } from './merge-undo.ts'

export type DuplicateRoutesOptions = {
  db: Db
  /** DEFAULT_PHONE_REGION. */
  phoneRegion: CountryCode | undefined
}

/**
 * Duplicates and merges. Permissions (server-enforced; README table): the check and the
 * duplicates page for every signed-in user; merge and merge undo for admins.
 */
export const duplicateRoutes: FastifyPluginCallback<DuplicateRoutesOptions> = (
  base,
  { db, phoneRegion },
  done,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/api/talents/duplicates', {
    config: { access: 'user' },
    schema: {
      summary: 'Likely duplicates of the talent being typed, strongest first',
      querystring: duplicateCheckQuerySchema,
      response: { 200: z.array(duplicateCandidateSchema) },
    },
    handler: (request) => checkDuplicates(db, request.query, phoneRegion),
  })

  app.get('/api/duplicates', {
    config: { access: 'user' },
    schema: {
      summary:
        'Groups of likely duplicates across the pool (the last background scan), strongest first',
      response: { 200: duplicateGroupsSchema },
    },
    handler: async () => {
      const groups = await readDuplicateGroups(db)
      if (groups.scanning) base.jobs.nudge()
      return groups
    },
  })

  app.post('/api/duplicates/scan', {
    config: { access: 'user' },
    schema: {
      summary: "'Scan again': scan the whole pool for duplicates in the background",
      response: { 202: duplicateScanRequestedSchema },
    },
    handler: async (_request, reply) => {
      await requestDuplicateScan(db)
      base.jobs.nudge()
      return reply.status(202).send({ scanning: true })
    },
  })

  app.post('/api/duplicates/dismiss', {
    config: { access: 'user' },
    schema: {
      summary: "'Not duplicates': these talents are different people (remembered)",
      body: dismissDuplicatesSchema,
      response: { 200: z.object({ dismissed: z.number().int() }) },
    },
    handler: (request) => dismissDuplicates(db, request.body.ids, requireViewer(request).user),
  })

  app.post('/api/merges', {
    config: { access: 'admin' },
    schema: {
      summary: 'Merge talents into one, picking each field (undoable for 30 days)',
      body: mergeInputSchema,
      response: { 201: mergeCreatedSchema },
    },
    handler: async (request, reply) => {
      const merge = await mergeTalents(db, request.body, requireViewer(request).user)
      return reply.status(201).send(merge)
    },
  })

  app.post('/api/merges/:id/undo', {
    config: { access: 'admin' },
    schema: {
      summary: 'Undo a merge: the merged talents come back; later edits stay on the survivor',
      params: mergeIdParamsSchema,
      response: { 200: mergeUndoneSchema },
    },
    handler: (request) => undoMerge(db, request.params.id, requireViewer(request).user),
  })

  done()
}
