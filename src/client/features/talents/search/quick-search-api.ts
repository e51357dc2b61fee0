import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { talentSchema } from '#shared/talent.ts'
import { apiGetWithHeaders } from '../../../lib/api.ts'
import { talentKeys } from '../api.ts'

/** How many results the quick search shows; 'See all results' opens the rest on the dashboard. */
export const QUICK_SEARCH_LIMIT = 8

const talentListSchema = z.array(talentSchema)

/**
 * GET /api/talents?q=… ranked by relevance, first page only. Under the talents root, so any
 * talent write refreshes it; the previous results stay on screen while the next ones load.
 */
export function quickSearchOptions(q: string) {
  return queryOptions({
    queryKey: [...talentKeys.all, 'quick-search', q] as const,
    queryFn: async () => {
      const { data, headers } = await apiGetWithHeaders('/api/talents', talentListSchema, {
        q,
        limit: QUICK_SEARCH_LIMIT,
      })
      const total = Number(headers.get('X-Total-Count') ?? data.length)
      return {
        talents: data,
        total: Number.isInteger(total) ? total : data.length,
        isTotalEstimated: headers.get('X-Total-Count-Estimated') === 'true',
      }
    },
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  })
}
