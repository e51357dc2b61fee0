import { queryOptions } from '@tanstack/react-query'
import { overviewReportSchema } from '#shared/reports.ts'
import { api } from '../api.ts'
import { queryRoots } from '../query-roots.ts'

// Reports change with every talent write made anywhere, so a visit always asks again (the server
// keeps each answer for 10 s, so this stays cheap) instead of the 30 s client default.
export const ALWAYS_REFETCH = { staleTime: 0 } as const

export const overviewReportKey = () => [...queryRoots.reports, 'overview'] as const

/** GET /api/reports/overview: the Reports page's first tab, and the Tags page's status counts. */
export function overviewReportOptions() {
  return queryOptions({
    queryKey: overviewReportKey(),
    queryFn: () => api.get('/api/reports/overview', overviewReportSchema),
    ...ALWAYS_REFETCH,
  })
}
