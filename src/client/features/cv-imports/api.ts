import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  cvImportCreatedSchema,
  cvImportItemSchema,
  cvImportSchema,
  cvImportSummarySchema,
  cvImportUndoResultSchema,
  type CvImportReview,
} from '#shared/cv-import.ts'
import { api } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'
import { uploadFiles, type UploadProgress } from '../../lib/upload.ts'

/** 'Import CVs': an import writes talents, so its changes invalidate theirs too. */
export const cvImportKeys = {
  all: queryRoots.cvImports,
  list: () => [...queryRoots.cvImports, 'list'] as const,
  detail: (id: number) => [...queryRoots.cvImports, 'detail', id] as const,
}

/** How often a page looks again while files are being read. */
const POLL_MS = 1000

export function cvImportListOptions() {
  return queryOptions({
    queryKey: cvImportKeys.list(),
    queryFn: () => api.get('/api/cv/imports', z.array(cvImportSummarySchema)),
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.state === 'running') ? POLL_MS : false,
  })
}

/** One import and its rows; polled until every file was read (closing the tab loses nothing). */
export function cvImportOptions(id: number) {
  return queryOptions({
    queryKey: cvImportKeys.detail(id),
    queryFn: () => api.get(`/api/cv/imports/${id}`, cvImportSchema),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_MS : false),
  })
}

function useInvalidateImportsAndTalents() {
  const queryClient = useQueryClient()
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cvImportKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
    ])
  }
}

export function useStartImport() {
  const invalidate = useInvalidateImportsAndTalents()
  return useMutation({
    mutationFn: ({
      files,
      onProgress,
    }: {
      files: File[]
      onProgress: (p: UploadProgress) => void
    }) => uploadFiles('/api/cv/imports', files, cvImportCreatedSchema, onProgress),
    onSuccess: invalidate,
  })
}

export function useReviewItem(importId: number, itemId: number) {
  const invalidate = useInvalidateImportsAndTalents()
  return useMutation({
    mutationFn: (values: CvImportReview) =>
      api.post(`/api/cv/imports/${importId}/items/${itemId}/talent`, cvImportItemSchema, values),
    onSuccess: invalidate,
  })
}

export function useUndoImport(importId: number) {
  const invalidate = useInvalidateImportsAndTalents()
  return useMutation({
    mutationFn: () => api.post(`/api/cv/imports/${importId}/undo`, cvImportUndoResultSchema),
    onSuccess: invalidate,
  })
}
