import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  dryRunProgressSchema,
  dryRunResultSchema,
  importMappingSchema,
  spreadsheetImportCreatedSchema,
  spreadsheetImportDetailSchema,
  spreadsheetImportSchema,
  type DryRunProgress,
  type DryRunResult,
  type RunImportInput,
  type ImportMapping,
  type SpreadsheetImport,
} from '#shared/imports/import-api.ts'
import { fieldDefinitionSchema } from '#shared/fields.ts'
import { api } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'
import { uploadFile, type UploadProgress } from '../../lib/upload.ts'

/** Spreadsheet import: an import writes talents, so its run and undo refresh theirs. */
export const importKeys = {
  all: queryRoots.imports,
  list: () => [...queryRoots.imports, 'list'] as const,
  detail: (id: number) => [...queryRoots.imports, 'detail', id] as const,
  preview: (id: number, sheet: string | undefined) =>
    [...queryRoots.imports, 'preview', id, sheet ?? null] as const,
}

/** The custom fields a column can fill: those GET /api/fields lists to this person. */
export function importFieldsOptions() {
  return queryOptions({
    queryKey: [...queryRoots.imports, 'fields'] as const,
    queryFn: () => api.get('/api/fields', z.array(fieldDefinitionSchema)),
    staleTime: 60_000,
  })
}

/** The rows the dry run refuses, with a reason column (GET /api/imports/:id/errors.csv). */
export const importBadRowsUrl = (id: number) => `/api/imports/${id}/errors.csv`

/** How often a page looks again while rows are written. */
const POLL_MS = 1000
const isActive = (state: string | undefined) => state === 'queued' || state === 'running'
/** Rows are being written, or the undo (a job too) is taking them back. */
export const isWorking = (item: SpreadsheetImport | undefined) =>
  isActive(item?.state) || isActive(item?.undo?.state)

export function importListOptions() {
  return queryOptions({
    queryKey: importKeys.list(),
    queryFn: () => api.get('/api/imports', z.array(spreadsheetImportSchema)),
    refetchInterval: (query) => (query.state.data?.some(isWorking) ? POLL_MS : false),
  })
}

/** One import; polled while it runs or is undone (closing the tab loses nothing). */
export function importOptions(id: number) {
  return queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: () => api.get(`/api/imports/${id}`, spreadsheetImportDetailSchema),
    refetchInterval: (query) => (isWorking(query.state.data) ? POLL_MS : false),
  })
}

/** The columns, first rows and suggested mapping of the sheet being mapped. */
export function importPreviewOptions(id: number, sheet: string | undefined) {
  return queryOptions({
    queryKey: importKeys.preview(id, sheet),
    queryFn: () =>
      api.get(`/api/imports/${id}/preview`, spreadsheetImportCreatedSchema, sheet ? { sheet } : {}),
    staleTime: Infinity,
  })
}

export function useUploadSpreadsheet() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      uploadFile('/api/imports', file, spreadsheetImportCreatedSchema, onProgress),
  })
}

/** 200: the check's result; 202: how far the check has got. */
const dryRunAnswerSchema = z.union([dryRunResultSchema, dryRunProgressSchema])
const DRY_RUN_POLL_MS = 500

type DryRunRequest = {
  mapping: ImportMapping
  page: number
  /** Check the rows (again); otherwise read another page of the last check. */
  fresh: boolean
  onProgress: (progress: DryRunProgress) => void
}

/**
 * Saves the mapping, then tries it on every row: one step for the person. A large file's check
 * runs on the server: it is followed until it ends, its progress handed to the screen.
 */
export function useDryRun(id: number) {
  return useMutation({
    mutationFn: async ({ mapping, page, fresh, onProgress }: DryRunRequest) => {
      const url = `/api/imports/${id}/dry-run`
      let answer: DryRunResult | DryRunProgress
      if (fresh) {
        await api.put(`/api/imports/${id}/mapping`, importMappingSchema, mapping)
        answer = await api.post(`${url}?page=${page}`, dryRunAnswerSchema)
      } else {
        answer = await api.get(url, dryRunAnswerSchema, { page })
      }
      while ('state' in answer) {
        onProgress(answer)
        await new Promise((resolve) => setTimeout(resolve, DRY_RUN_POLL_MS))
        answer = await api.get(url, dryRunAnswerSchema, { page })
      }
      return answer
    },
  })
}

export function useInvalidateImportsAndTalents() {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: importKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
      queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
    ])
  }
}

export function useRunImport(id: number) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateImportsAndTalents()
  return useMutation({
    mutationFn: (input: RunImportInput) =>
      api.post(`/api/imports/${id}/run`, spreadsheetImportDetailSchema, input),
    onSuccess: async (status) => {
      queryClient.setQueryData(importKeys.detail(id), status)
      await invalidate()
    },
  })
}

/**
 * Queues the undo (a job, 202); the import's page then polls its progress. `onQueued` runs here,
 * not in mutate's callbacks: a quick undo may be done in the answer, and the button that called
 * mutate is gone by then.
 */
export function useUndoImport(id: number, onQueued: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post(`/api/imports/${id}/undo`, spreadsheetImportDetailSchema),
    onSuccess: async (status) => {
      onQueued()
      queryClient.setQueryData(importKeys.detail(id), status)
      await queryClient.invalidateQueries({ queryKey: importKeys.list() })
    },
  })
}
