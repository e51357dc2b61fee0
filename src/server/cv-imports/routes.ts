import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CV_IMPORT_MAX_FILES,
  CV_IMPORT_MAX_ZIP_MB,
  NO_IMPORT_FILES_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  cvImportCreatedSchema,
  cvImportItemParamsSchema,
  cvImportItemSchema,
  cvImportParamsSchema,
  cvImportReviewSchema,
  cvImportSchema,
  cvImportSummarySchema,
  cvImportUndoResultSchema,
  zipTooLargeMessage,
} from '#shared/cv-import.ts'
import { UNREADABLE_UPLOAD_MESSAGE } from '#shared/cv.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { BadRequestError } from '../errors.ts'
import { getImport, listImports, reviewItem, undoImport } from './service.ts'
import { startImport, type ImportIntake } from './start.ts'
import { registerUploads } from '../files/multipart-uploads.ts'

export type CvImportRoutesOptions = {
  db: Db
  maxMegabytes: number
  /** CV_MAX_VERSIONS, for a reviewed row's talent (security rule 48). */
  maxVersions: number
}

const MAX_UPLOAD_BYTES = CV_IMPORT_MAX_ZIP_MB * 1024 * 1024
const MULTIPART_OVERHEAD_BYTES = CV_IMPORT_MAX_FILES * 1024

/**
 * 'Import CVs': many `file` parts (or one zip of CVs) in one multipart request,
 * stored as they arrive and read by the job queue, so a closed tab loses nothing.
 */
export const cvImportRoutes: FastifyPluginAsync<CvImportRoutesOptions> = async (
  base,
  { db, maxMegabytes, maxVersions },
) => {
  const uploads = await registerUploads(base, {
    maxFileBytes: MAX_UPLOAD_BYTES,
    maxFiles: CV_IMPORT_MAX_FILES,
    overheadBytes: MULTIPART_OVERHEAD_BYTES,
    messages: {
      tooLarge: zipTooLargeMessage(),
      noFile: NO_IMPORT_FILES_MESSAGE,
      unreadable: UNREADABLE_UPLOAD_MESSAGE,
      tooManyFiles: TOO_MANY_FILES_MESSAGE,
    },
  })
  const app = base.withTypeProvider<ZodTypeProvider>()
  const limits = { maxFileBytes: maxMegabytes * 1024 * 1024, maxMegabytes }

  /**
   * Each part goes to the intake as it arrives; the import is opened with the first file, so a
   * request with none writes nothing. A refused upload is abandoned and leaves nothing behind.
   */
  async function receive(request: FastifyRequest): Promise<number> {
    let intake: ImportIntake | undefined
    try {
      await uploads.each(request, async (file) => {
        intake ??= await startImport(db, requireViewer(request).user, limits)
        await intake.add(file)
      })
      if (!intake) throw new BadRequestError(NO_IMPORT_FILES_MESSAGE)
      await intake.finish()
      return intake.importId
    } catch (error) {
      await intake?.abandon()
      throw error
    }
  }

  app.post('/api/cv/imports', {
    config: { access: 'user' },
    bodyLimit: uploads.bodyLimit,
    schema: {
      summary: 'Import a stack of CVs (many files, or one zip of them)',
      response: { 202: cvImportCreatedSchema },
    },
    handler: async (request, reply) => {
      const importId = await receive(request)
      base.jobs.nudge()
      return reply.status(202).send({ importId })
    },
  })

  app.get('/api/cv/imports', {
    config: { access: 'user' },
    schema: {
      summary: 'The newest CV imports, with their counts',
      response: { 200: z.array(cvImportSummarySchema) },
    },
    handler: () => listImports(db),
  })

  app.get('/api/cv/imports/:id', {
    config: { access: 'user' },
    schema: {
      summary: 'A CV import and the state of each of its files',
      params: cvImportParamsSchema,
      response: { 200: cvImportSchema },
    },
    handler: (request) => getImport(db, request.params.id),
  })

  app.post('/api/cv/imports/:id/items/:itemId/talent', {
    config: { access: 'user' },
    schema: {
      summary: 'Create the talent of an import row that needed a review',
      params: cvImportItemParamsSchema,
      body: cvImportReviewSchema,
      response: { 201: cvImportItemSchema },
    },
    handler: async (request, reply) => {
      const { id, itemId } = request.params
      const viewer = requireViewer(request).user
      const item = await reviewItem(db, id, itemId, request.body, viewer, maxVersions)
      return reply.status(201).send(item)
    },
  })

  app.post('/api/cv/imports/:id/undo', {
    config: { access: 'user' },
    schema: {
      summary: 'Undo a CV import: its talents and CVs go, what others changed since stays',
      params: cvImportParamsSchema,
      response: { 200: cvImportUndoResultSchema },
    },
    handler: (request) => undoImport(db, request.params.id, requireViewer(request).user),
  })
}
