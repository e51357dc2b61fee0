import { queryOptions } from '@tanstack/react-query'
import {
  engagementReportSchema,
  overviewReportSchema,
  sourcesReportSchema,
} from '#shared/reports.ts'
import { api } from '../../lib/api.ts'

export const reportKeys = {
  all: ['reports'] as const,
  overview: () => [...reportKeys.all, 'overview'] as const,
  sources: () => [...reportKeys.all, 'sources'] as const,
  engagement: () => [...reportKeys.all, 'engagement'] as const,
}

// Reports change with every talent write made anywhere, so a visit always asks again (the server
// keeps each answer for 10 s, so this stays cheap) instead of the 30 s client default.
const ALWAYS_REFETCH = { staleTime: 0 } as const

/** GET /api/reports/overview. */
export function overviewReportOptions() {
  return queryOptions({
    queryKey: reportKeys.overview(),
    queryFn: () => api.get('/api/reports/overview', overviewReportSchema),
    ...ALWAYS_REFETCH,
  })
}

/** GET /api/reports/sources. */
export function sourcesReportOptions() {
  return queryOptions({
    queryKey: reportKeys.sources(),
    queryFn: () => api.get('/api/reports/sources', sourcesReportSchema),
    ...ALWAYS_REFETCH,
  })
}

/** GET /api/reports/engagement. */
export function engagementReportOptions() {
  return queryOptions({
    queryKey: reportKeys.engagement(),
    queryFn: () => api.get('/api/reports/engagement', engagementReportSchema),
    ...ALWAYS_REFETCH,
  })
}
