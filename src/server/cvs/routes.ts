import { create as contentDisposition } from 'content-disposition'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  NO_CV_FILE_MESSAGE,
  UNREADABLE_UPLOAD_MESSAGE,
  UNSUPPORTED_CV_MESSAGE,
  cvDetailSchema,
  cvFileSchema,
  cvPreviewSchema,
  cvTooLargeMessage,
  cvVersionParamsSchema,
} from '#shared/cv.ts'
import {
  attachUploadBodySchema,
  cvParseResultSchema,
  cvUploadParamsSchema,
} from '#shared/cv-parse.ts'
import { talentIdParamsSchema } from '#shared/talent.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { claimUpload, parseCv } from './parse.ts'
import { getCvPreview } from './preview.ts'
import { attachCv, getCv, readCvFile, removeCv, type CvDownload } from './service.ts'
import { registerUploads } from '../files/multipart-uploads.ts'
import { inTransaction } from '../db/in-transaction.ts'

export type CvRoutesOptions = {
  db: Db
  maxMegabytes: number
  /** CV_MAX_VERSIONS: versions a talent keeps (security rule 48). */
  maxVersions: number
}

// Security rule 22: a stored file is never rendered by the browser as a page of Scout's origin.
const DOWNLOAD_CSP = "default-src 'none'; sandbox"

function sendFile(reply: FastifyReply, file: CvDownload) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes)
}

/**
 * A talent's CV: attach (multipart, field `file`), read, download, remove. Multipart
 * is parsed only inside this plugin; every other route still takes JSON alone (security rule 10).
 */
export const cvRoutes: FastifyPluginAsync<CvRoutesOptions> = async (
  base,
  { db, maxMegabytes, maxVersions },
) => {
  const uploads = await registerUploads(base, {
    maxFileBytes: maxMegabytes * 1024 * 1024,
    maxFiles: 1,
    messages: {
      tooLarge: cvTooLargeMessage(maxMegabytes),
      noFile: NO_CV_FILE_MESSAGE,
      unreadable: UNREADABLE_UPLOAD_MESSAGE,
      unsupportedType: UNSUPPORTED_CV_MESSAGE,
    },
  })
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post('/api/talents/:id/cv', {
    config: { access: 'user' },
    bodyLimit: uploads.bodyLimit,
    schema: {
      summary: "Attach or replace a talent's CV",
      params: talentIdParamsSchema,
      response: { 201: cvFileSchema },
    },
    handler: async (request, reply) => {
      const upload = await uploads.one(request)
      const viewer = requireViewer(request).user
      const cv = await attachCv(db, request.params.id, upload, viewer, maxVersions)
      if (cv.textStatus === 'pending') base.jobs.nudge()
      return reply.status(201).send(cv)
    },
  })

  // 'Add from CV': read a CV before its talent exists; attach it on save or elsewhere.
  app.post('/api/cv/parse', {
    config: { access: 'user' },
    bodyLimit: uploads.bodyLimit,
    schema: {
      summary: "Read a CV and suggest a talent's fields",
      response: { 200: cvParseResultSchema },
    },
    handler: async (request) =>
      parseCv(db, await uploads.one(request), requireViewer(request).user),
  })

  app.post('/api/cv/uploads/:fileId/attach', {
    config: { access: 'user' },
    schema: {
      summary: 'Attach a parsed CV upload to a talent',
      params: cvUploadParamsSchema,
      body: attachUploadBodySchema,
      response: { 201: cvFileSchema },
    },
    handler: async (request, reply) => {
      const viewer = requireViewer(request).user
      const cv = await inTransaction(db, (tx) =>
        claimUpload(tx, request.params.fileId, request.body.talentId, viewer, maxVersions),
      )
      return reply.status(201).send(cv)
    },
  })

  app.get('/api/talents/:id/cv', {
    config: { access: 'user' },
    schema: {
      summary: "A talent's CV: file, versions and extracted text",
      params: talentIdParamsSchema,
      response: { 200: cvDetailSchema },
    },
    handler: (request) => getCv(db, request.params.id),
  })

  app.get('/api/talents/:id/cv/preview', {
    config: { access: 'user' },
    schema: {
      summary:
        "A talent's current CV laid out for reading: a DOCX, ODT or RTF as sanitised HTML, else its text",
      params: talentIdParamsSchema,
      response: { 200: cvPreviewSchema },
    },
    handler: (request) => getCvPreview(db, request.params.id),
  })

  app.get('/api/talents/:id/cv/file', {
    config: { access: 'user' },
    schema: { summary: "Download a talent's current CV", params: talentIdParamsSchema },
    handler: async (request, reply) => sendFile(reply, await readCvFile(db, request.params.id)),
  })

  app.get('/api/talents/:id/cv/versions/:fileId/file', {
    config: { access: 'user' },
    schema: {
      summary: "Download an earlier version of a talent's CV",
      params: cvVersionParamsSchema,
    },
    handler: async (request, reply) =>
      sendFile(reply, await readCvFile(db, request.params.id, request.params.fileId)),
  })

  app.delete('/api/talents/:id/cv', {
    config: { access: 'user' },
    schema: { summary: "Remove a talent's CV", params: talentIdParamsSchema },
    handler: async (request, reply) => {
      await removeCv(db, request.params.id, requireViewer(request).user)
      return reply.status(204).send()
    },
  })
}
