import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  duplicateCandidateSchema,
  duplicateGroupsSchema,
  duplicateScanRequestedSchema,
  mergeCreatedSchema,
  mergeUndoneSchema,
  type DismissDuplicates,
  type MergeInput,
} from '#shared/duplicates.ts'
import { api } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'

/** Under the talents root on purpose: every talent write refreshes what looks duplicated. */
export const duplicateKeys = {
  all: [...queryRoots.talents, 'duplicates'] as const,
  check: (params: string) => [...duplicateKeys.all, 'check', params] as const,
  groups: () => [...duplicateKeys.all, 'groups'] as const,
}

const candidatesSchema = z.array(duplicateCandidateSchema)

/** `params` is the query string GET /api/talents/duplicates takes (already debounced). */
export function duplicateCheckOptions(params: string) {
  return queryOptions({
    queryKey: duplicateKeys.check(params),
    queryFn: () => api.get(`/api/talents/duplicates?${params}`, candidatesSchema),
    enabled: params !== '',
    staleTime: 10_000,
  })
}

/** How often the page and the side panel look again while a background scan runs. */
const SCANNING_POLL_MS = 2_000

/** The stored result of the last whole-pool scan; polled while a newer scan is on its way. */
export function duplicateGroupsOptions() {
  return queryOptions({
    queryKey: duplicateKeys.groups(),
    queryFn: () => api.get('/api/duplicates', duplicateGroupsSchema),
    refetchInterval: (query) => (query.state.data?.scanning ? SCANNING_POLL_MS : false),
  })
}

/** 'Scan again': the server queues a scan; the groups query then polls until it is done. */
export function useScanDuplicates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/api/duplicates/scan', duplicateScanRequestedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.groups() }),
  })
}

const dismissedSchema = z.object({ dismissed: z.number().int() })

export function useDismissDuplicates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DismissDuplicates) =>
      api.post('/api/duplicates/dismiss', dismissedSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
  })
}

export function useMergeTalents() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: MergeInput) => api.post('/api/merges', mergeCreatedSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  })
}

export function useUndoMerge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mergeId: number) => api.post(`/api/merges/${mergeId}/undo`, mergeUndoneSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  })
}
