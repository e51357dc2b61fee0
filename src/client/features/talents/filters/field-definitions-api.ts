import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { fieldDefinitionSchema } from '#shared/fields.ts'
import { api } from '../../../lib/api.ts'
import { queryRoots } from '../../../lib/query-roots.ts'

/**
 * The custom fields the viewer may see (GET /api/fields: private ones for admins only), for the
 * filter panel, the table's columns and the search's chips. The same key as the fields feature's
 * list, so both share one cache entry and its invalidation.
 */
export function filterFieldsOptions() {
  return queryOptions({
    queryKey: [...queryRoots.fields, 'list'] as const,
    queryFn: () => api.get('/api/fields', z.array(fieldDefinitionSchema)),
    staleTime: 60_000,
  })
}
