import { queryOptions } from '@tanstack/react-query'
import { erasureListSchema } from '#shared/erasure.ts'
import { api } from '../../lib/api.ts'

/** The erasure records' cached list; an erasure refreshes it. */
export const ERASURES_KEY = ['erasures'] as const

/** GET /api/erasures (admins): newest first, hashed identifiers only. */
export const erasureRecordsOptions = () =>
  queryOptions({
    queryKey: ERASURES_KEY,
    queryFn: () => api.get('/api/erasures', erasureListSchema),
  })
