import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { cvParseResultSchema } from '#shared/cv-parse.ts'
import { cvDetailSchema, cvFileSchema, cvPreviewSchema } from '#shared/cv.ts'
import { api, apiRequest, parseApiError } from '../../lib/api.ts'
import { uploadFile, type UploadProgress } from '../../lib/upload.ts'
import { queryRoots } from '../../lib/query-roots.ts'

/**
 * A talent's CV. Under the ['talents'] prefix: a CV change shows in the lists (the
 * talent's `cv`) and in its History, so it invalidates that whole prefix.
 */
export const cvKeys = {
  detail: (talentId: number) => [...queryRoots.talents, 'cv', talentId] as const,
}

export const cvFileUrl = (talentId: number) => `/api/talents/${talentId}/cv/file`
export const cvVersionUrl = (talentId: number, fileId: number) =>
  `/api/talents/${talentId}/cv/versions/${fileId}/file`

/** GET /api/talents/:id/cv; null when the talent has no CV. Polls while its text is being read. */
export function cvOptions(talentId: number) {
  return queryOptions({
    queryKey: cvKeys.detail(talentId),
    queryFn: async () => {
      try {
        return await api.get(`/api/talents/${talentId}/cv`, cvDetailSchema)
      } catch (error) {
        if (parseApiError(error)?.status === 404) return null
        throw error
      }
    },
    refetchInterval: (query) => (query.state.data?.textStatus === 'pending' ? 1000 : false),
  })
}

/*
 * What the CV tab draws is keyed by the version or the file's sha256, which never
 * change their bytes, and kept outside the ['talents'] prefix: a talent edit refetches the CV's
 * metadata, never the file or its layout.
 */
export const cvPreviewKeys = {
  layout: (talentId: number, sha256: string) => ['cv-preview', talentId, sha256] as const,
  bytes: (talentId: number, versionId: number) => ['cv-bytes', talentId, versionId] as const,
}

/** GET /api/talents/:id/cv/preview: DOCX, ODT, RTF as server-sanitised HTML, else `{kind: 'text'}`. */
export function cvLayoutOptions(talentId: number, sha256: string) {
  return queryOptions({
    queryKey: cvPreviewKeys.layout(talentId, sha256),
    queryFn: () => api.get(`/api/talents/${talentId}/cv/preview`, cvPreviewSchema),
    staleTime: Infinity,
  })
}

/** The bytes of one CV version, for drawing its pages in the browser (same session as the API). */
export function cvBytesOptions(talentId: number, versionId: number) {
  return queryOptions({
    queryKey: cvPreviewKeys.bytes(talentId, versionId),
    queryFn: async () => {
      const response = await apiRequest('GET', cvVersionUrl(talentId, versionId))
      return new Uint8Array(await response.arrayBuffer())
    },
    staleTime: Infinity,
    // Up to CV_MAX_MB of bytes: not kept for long once the tab closes.
    gcTime: 30_000,
    structuralSharing: false,
  })
}

export function useUploadCv(talentId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      uploadFile(`/api/talents/${talentId}/cv`, file, cvFileSchema, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  })
}

export function useRemoveCv(talentId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete(`/api/talents/${talentId}/cv`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  })
}

/** 'Add from CV': store and read a CV before its talent exists. */
export function useParseCv() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      uploadFile('/api/cv/parse', file, cvParseResultSchema, onProgress),
  })
}

/** Gives a parsed CV to a talent that already exists (same e-mail) instead of a new one. */
export function useAttachUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ fileId, talentId }: { fileId: number; talentId: number }) =>
      api.post(`/api/cv/uploads/${fileId}/attach`, cvFileSchema, { talentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  })
}
