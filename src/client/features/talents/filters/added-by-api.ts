import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../../lib/api.ts'
import { queryRoots } from '../../../lib/query-roots.ts'

const filterUserSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
})

/**
 * GET /api/users/filter: the dashboard's Added By choices (spec section 7). Under the users
 * root, so inviting, editing or deleting a user refreshes them.
 */
export function userFilterOptions() {
  return queryOptions({
    queryKey: [...queryRoots.users, 'filter'] as const,
    queryFn: () => api.get('/api/users/filter', z.array(filterUserSchema)),
  })
}
