import { queryOptions } from '@tanstack/react-query'
import { appInfoSchema } from '#shared/app-info.ts'
import { api } from './api.ts'

/** GET /api/app-info: fixed for the life of the server, so read once per visit. */
export function appInfoQueryOptions() {
  return queryOptions({
    queryKey: ['/api/app-info'],
    queryFn: () => api.get('/api/app-info', appInfoSchema),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
}
