import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { eraseResultSchema, type EraseInput } from '#shared/erasure.ts'
import { privacyRecordSchema, type PrivacyRecordInput } from '#shared/privacy.ts'
import { api } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'
import { ERASURES_KEY } from './erasure-records-api.ts'
import { PRIVACY_LOG_KEY } from './privacy-log-api.ts'

/** Under the talents root: a talent write or an erasure refreshes an open Privacy tab. */
const privacyKey = (talentId: number) => [...queryRoots.talents, 'privacy', talentId] as const

/** GET /api/talents/:id/privacy (security rule 49). */
export function privacyRecordOptions(talentId: number) {
  return queryOptions({
    queryKey: privacyKey(talentId),
    queryFn: () => api.get(`/api/talents/${talentId}/privacy`, privacyRecordSchema),
  })
}

/** PUT /api/talents/:id/privacy; the talent (its version, History) refreshes with it. */
export function useSavePrivacyRecord(talentId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PrivacyRecordInput) =>
      api.put(`/api/talents/${talentId}/privacy`, privacyRecordSchema, input),
    onSuccess: (record) => {
      queryClient.setQueryData(privacyKey(talentId), record)
      void queryClient.invalidateQueries({ queryKey: queryRoots.talents })
      // The new record and its privacy log entry (security rule 51, 54).
      void queryClient.invalidateQueries({ queryKey: ERASURES_KEY })
      void queryClient.invalidateQueries({ queryKey: PRIVACY_LOG_KEY })
    },
  })
}

/** POST /api/talents/:id/erase (security rule 50); every talent query refreshes after it. */
export function useEraseTalent(talentId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: EraseInput) =>
      api.post(`/api/talents/${talentId}/erase`, eraseResultSchema, input),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...queryRoots.talents, 'detail', talentId] })
      void queryClient.invalidateQueries({ queryKey: queryRoots.talents })
    },
  })
}
