import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { eraseResultSchema } from '#shared/erasure.ts'
import {
  erasureRequestDoneSchema,
  erasureRequestListSchema,
  privacyRequestBatchSchema,
  privacyRequestListSchema,
  privacyRequestSchema,
  privacyRequestSettingsSchema,
  type PrivacyRequestBulkInput,
  type PrivacyRequestKind,
  type PrivacyRequestSettings,
} from '#shared/privacy-requests.ts'
import { api } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'

/*
 * Asking the person (security rule 59-62): the Privacy tab's requests, a bulk send's progress,
 * the admins' templates and the erasure requests waiting for them.
 */

/** Under the talents root: a send changes the record (informed on) and History too. */
const requestsKey = (talentId: number) =>
  [...queryRoots.talents, 'privacy-requests', talentId] as const
const settingsKey = ['privacy-request-settings'] as const
const erasureRequestsKey = [...queryRoots.talents, 'erasure-requests'] as const

export function privacyRequestsOptions(talentId: number) {
  return queryOptions({
    queryKey: requestsKey(talentId),
    queryFn: () => api.get(`/api/talents/${talentId}/privacy-requests`, privacyRequestListSchema),
  })
}

/** POST /api/talents/:id/privacy-requests; the talent's queries (record, History) refresh. */
export function useSendPrivacyRequest(talentId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (kind: PrivacyRequestKind) =>
      api.post(`/api/talents/${talentId}/privacy-requests`, privacyRequestSchema, { kind }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  })
}

/** POST /api/talents/bulk/privacy-requests: the batch, followed by its progress. */
export function useSendBulkPrivacyRequests() {
  return useMutation({
    mutationFn: (input: PrivacyRequestBulkInput) =>
      api.post('/api/talents/bulk/privacy-requests', privacyRequestBatchSchema, input),
  })
}

/** A running batch is asked again every second until it ends. */
export function privacyBatchOptions(batchId: number) {
  return queryOptions({
    queryKey: ['privacy-request-batches', batchId] as const,
    queryFn: () => api.get(`/api/privacy/request-batches/${batchId}`, privacyRequestBatchSchema),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  })
}

export function requestSettingsOptions() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: () => api.get('/api/privacy/request-settings', privacyRequestSettingsSchema),
  })
}

export function useSaveRequestSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PrivacyRequestSettings) =>
      api.put('/api/privacy/request-settings', privacyRequestSettingsSchema, input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  })
}

export function erasureRequestsOptions() {
  return queryOptions({
    queryKey: erasureRequestsKey,
    queryFn: () => api.get('/api/privacy/erasure-requests', erasureRequestListSchema),
  })
}

/** Erase or Dismiss one erasure request; every talent query refreshes after it. */
export function useDecideErasureRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'erase' | 'dismiss' }) =>
      decision === 'erase'
        ? api.post(`/api/privacy/erasure-requests/${id}/erase`, eraseResultSchema)
        : api.post(`/api/privacy/erasure-requests/${id}/dismiss`, erasureRequestDoneSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  })
}
