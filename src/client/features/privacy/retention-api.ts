import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  keepResultSchema,
  retentionDueListSchema,
  retentionPreviewSchema,
  retentionRuleListSchema,
  retentionRuleSchema,
  type KeepInput,
  type RetentionRuleInput,
  type RetentionRulePatch,
} from '#shared/retention.ts'
import { api } from '../../lib/api.ts'
import { PRIVACY_LOG_KEY } from './privacy-log-api.ts'

/** Retention rules and the Due for removal list (security rule 56-58), admins only. */
const RULES_KEY = ['retention-rules'] as const
const DUE_KEY = ['retention-due'] as const

export function retentionRulesOptions() {
  return queryOptions({
    queryKey: RULES_KEY,
    queryFn: () => api.get('/api/privacy/rules', retentionRuleListSchema),
  })
}

/** What a rule would act on today: fetched when the admin asks for it, fresh each time. */
export function retentionPreviewOptions(ruleId: number) {
  return queryOptions({
    queryKey: [...RULES_KEY, ruleId, 'preview'],
    queryFn: () => api.get(`/api/privacy/rules/${ruleId}/preview`, retentionPreviewSchema),
    staleTime: 0,
  })
}

export function retentionDueOptions() {
  return queryOptions({
    queryKey: DUE_KEY,
    queryFn: () => api.get('/api/privacy/due', retentionDueListSchema),
  })
}

/** After any change the rules, their previews, the due list and the log may all differ. */
function useRefreshRetention() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: RULES_KEY })
    void queryClient.invalidateQueries({ queryKey: DUE_KEY })
    void queryClient.invalidateQueries({ queryKey: PRIVACY_LOG_KEY })
  }
}

export function useCreateRetentionRule() {
  const refresh = useRefreshRetention()
  return useMutation({
    mutationFn: (input: RetentionRuleInput) =>
      api.post('/api/privacy/rules', retentionRuleSchema, input),
    onSuccess: refresh,
  })
}

export function useUpdateRetentionRule() {
  const refresh = useRefreshRetention()
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: RetentionRulePatch }) =>
      api.patch(`/api/privacy/rules/${id}`, retentionRuleSchema, patch),
    onSuccess: refresh,
  })
}

export function useDeleteRetentionRule() {
  const refresh = useRefreshRetention()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/privacy/rules/${id}`),
    onSuccess: refresh,
  })
}

export function useKeepTalent() {
  const refresh = useRefreshRetention()
  return useMutation({
    mutationFn: ({ talentId, input }: { talentId: number; input: KeepInput }) =>
      api.post(`/api/privacy/due/${talentId}/keep`, keepResultSchema, input),
    onSuccess: refresh,
  })
}
