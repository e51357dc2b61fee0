import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  bulkResultSchema,
  bulkSummarySchema,
  bulkUndoResultSchema,
  type BulkRequestInput,
} from '#shared/bulk.ts'
import { api } from '../../../lib/api.ts'
import { queryRoots } from '../../../lib/query-roots.ts'

export const bulkKeys = {
  all: queryRoots.bulk,
  recent: () => [...bulkKeys.all, 'recent'] as const,
}

/** GET /api/bulk?mine=1: the caller's bulk actions of the last 24 hours. */
export function recentBulkOptions() {
  return queryOptions({
    queryKey: bulkKeys.recent(),
    queryFn: () => api.get('/api/bulk', z.array(bulkSummarySchema), { mine: '1' }),
  })
}

/** A bulk action or its undo changes talents, their tags' counts and the recent list. */
export async function refreshAfterBulk(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
    queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
    queryClient.invalidateQueries({ queryKey: bulkKeys.all }),
  ])
}

/** POST /api/talents/bulk. */
export function useBulkAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: BulkRequestInput) =>
      api.post('/api/talents/bulk', bulkResultSchema, request),
    onSuccess: () => refreshAfterBulk(queryClient),
  })
}

/** POST /api/bulk/:id/undo; a plain function so a toast's Undo works after its screen is gone. */
export async function undoBulkAction(queryClient: QueryClient, bulkId: number) {
  const result = await api.post(`/api/bulk/${bulkId}/undo`, bulkUndoResultSchema)
  await refreshAfterBulk(queryClient)
  return result
}
