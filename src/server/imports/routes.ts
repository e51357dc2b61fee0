import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  IMPORT_MAX_MB,
  NO_IMPORT_FILE_MESSAGE,
  dryRunProgressSchema,
  dryRunQuerySchema,
  dryRunResultSchema,
  importMappingSchema,
  importTooLargeMessage,
  runImportSchema,
  spreadsheetImportCreatedSchema,
  spreadsheetImportDetailSchema,
  spreadsheetImportParamsSchema,
  spreadsheetImportSchema,
} from '#shared/imports/import-api.ts'
import { requireViewer } from '../auth/access.ts'
import type { Db } from '../db/open.ts'
import { CSV_CONTENT_TYPE } from '../files/csv-writer.ts'
import { badRowsCsv, badRowsFileName } from './bad-rows.ts'
import { dryRunAnswer, requestDryRun, waitForDryRun } from './dry-run-job.ts'
import { importStatus, listRuns, startRun } from './runs.ts'
import { requestUndo } from './undo-job.ts'
import { createSpreadsheetImport, previewSheet, saveMapping } from './uploads.ts'
import { registerUploads } from '../files/multipart-uploads.ts'

export type ImportRoutesOptions = {
  db: Db
  /** How long POST /dry-run waits for the check to end before answering 202. */
  dryRunWaitMs: number
}

const MAX_UPLOAD_BYTES = IMPORT_MAX_MB * 1024 * 1024

/**
 * Spreadsheet import: upload one.csv/.tsv/.xlsx, map its columns, and try
 * the mapping on every row before anything is written.
 */
export const importRoutes: FastifyPluginAsync<ImportRoutesOptions> = async (
  base,
  { db, dryRunWaitMs },
) => {
  const uploads = await registerUploads(base, {
    maxFileBytes: MAX_UPLOAD_BYTES,
    maxFiles: 1,
    messages: {
      tooLarge: importTooLargeMessage(),
      noFile: NO_IMPORT_FILE_MESSAGE,
      unreadable: NO_IMPORT_FILE_MESSAGE,
    },
  })
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post('/api/imports', {
    config: { access: 'user' },
    bodyLimit: uploads.bodyLimit,
    schema: {
      summary:
        'Upload a spreadsheet to import: its sheets, columns, first rows and a suggested mapping',
      response: { 201: spreadsheetImportCreatedSchema },
    },
    handler: async (request, reply) => {
      const file = await uploads.one(request)
      const created = await createSpreadsheetImport(db, requireViewer(request).user, file)
      return reply.status(201).send(created)
    },
  })

  app.get('/api/imports/:id/preview', {
    config: { access: 'user' },
    schema: {
      summary:
        'Another sheet of an uploaded workbook: its columns, first rows and suggested mapping',
      params: spreadsheetImportParamsSchema,
      querystring: z.strictObject({ sheet: z.string().max(200).optional() }),
      response: { 200: spreadsheetImportCreatedSchema },
    },
    handler: (request) =>
      previewSheet(db, requireViewer(request).user, request.params.id, request.query.sheet),
  })

  app.put('/api/imports/:id/mapping', {
    config: { access: 'user' },
    schema: {
      summary: "Save an import's column and value mapping, and what an existing e-mail does",
      params: spreadsheetImportParamsSchema,
      body: importMappingSchema,
      response: { 200: importMappingSchema },
    },
    handler: (request) =>
      saveMapping(db, requireViewer(request).user, request.params.id, request.body),
  })

  app.post('/api/imports/:id/dry-run', {
    config: { access: 'user' },
    schema: {
      summary:
        'Try the saved mapping on every row, in the background: the result (200) if it ends within a moment, else 202 with rows done of total (then poll GET)',
      params: spreadsheetImportParamsSchema,
      querystring: dryRunQuerySchema,
      response: { 200: dryRunResultSchema, 202: dryRunProgressSchema },
    },
    handler: async (request, reply) => {
      const actor = requireViewer(request).user
      await requestDryRun(db, actor, request.params.id)
      base.jobs.nudge()
      await waitForDryRun(db, request.params.id, dryRunWaitMs)
      const answer = await dryRunAnswer(db, actor, request.params.id, request.query.page)
      return reply.status(answer.status).send(answer.body)
    },
  })

  app.get('/api/imports/:id/dry-run', {
    config: { access: 'user' },
    schema: {
      summary:
        'The latest dry run of the saved mapping: counts, values to map, refused rows (paged), likely duplicates — or 202 with its progress',
      params: spreadsheetImportParamsSchema,
      querystring: dryRunQuerySchema,
      response: { 200: dryRunResultSchema, 202: dryRunProgressSchema },
    },
    handler: async (request, reply) => {
      const actor = requireViewer(request).user
      const answer = await dryRunAnswer(db, actor, request.params.id, request.query.page)
      return reply.status(answer.status).send(answer.body)
    },
  })

  app.get('/api/imports/:id/errors.csv', {
    config: { access: 'user' },
    // No response schema: the body is a CSV stream.
    schema: {
      summary: "The rows the dry run refuses, as in the file, with a 'reason' column (CSV)",
      params: spreadsheetImportParamsSchema,
    },
    handler: async (request, reply) => {
      const stream = await badRowsCsv(db, requireViewer(request).user, request.params.id)
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="${badRowsFileName(request.params.id)}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(stream)
    },
  })

  app.post('/api/imports/:id/run', {
    config: { access: 'user' },
    schema: {
      summary:
        'Run an import with its saved mapping, in the background (poll GET /api/imports/:id); rows of people who asked to be erased are written only with includeErased',
      params: spreadsheetImportParamsSchema,
      body: runImportSchema.nullish(),
      response: { 202: spreadsheetImportDetailSchema },
    },
    handler: async (request, reply) => {
      const actor = requireViewer(request).user
      await startRun(db, actor, request.params.id, request.body ?? { includeErased: false })
      base.jobs.nudge()
      return reply.status(202).send(await importStatus(db, actor, request.params.id))
    },
  })

  app.get('/api/imports/:id', {
    config: { access: 'user' },
    schema: {
      summary:
        "Where an import stands: state, rows done of total, what it did, and its undo's progress",
      params: spreadsheetImportParamsSchema,
      response: { 200: spreadsheetImportDetailSchema },
    },
    handler: (request) => importStatus(db, requireViewer(request).user, request.params.id),
  })

  app.get('/api/imports', {
    config: { access: 'user' },
    schema: {
      summary: "The person's imports that were run, newest first (an admin sees everyone's)",
      response: { 200: z.array(spreadsheetImportSchema) },
    },
    handler: (request) => listRuns(db, requireViewer(request).user),
  })

  app.post('/api/imports/:id/undo', {
    config: { access: 'user' },
    schema: {
      summary:
        'Undo an import for 7 days, in the background (poll GET /api/imports/:id): created talents removed, updated fields put back',
      params: spreadsheetImportParamsSchema,
      response: { 202: spreadsheetImportDetailSchema },
    },
    handler: async (request, reply) => {
      const actor = requireViewer(request).user
      await requestUndo(db, actor, request.params.id)
      base.jobs.nudge()
      return reply.status(202).send(await importStatus(db, actor, request.params.id))
    },
  })
}
