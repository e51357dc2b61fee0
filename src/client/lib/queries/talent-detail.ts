import { queryOptions } from '@tanstack/react-query'
import { talentSchema } from '#shared/talent.ts'
import { api } from '../api.ts'
import { queryRoots } from '../query-roots.ts'

/** One talent's cache entry, under the talents root (features/talents/api.ts builds on it). */
export const talentDetailKey = (id: number) => [...queryRoots.talents, 'detail', id] as const

/** GET /api/talents/:id: the detail view, also when opened from a shared link or a merge. */
export function talentDetailOptions(id: number) {
  return queryOptions({
    queryKey: talentDetailKey(id),
    queryFn: () => api.get(`/api/talents/${id}`, talentSchema),
  })
}
