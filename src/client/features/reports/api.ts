import { queryOptions } from '@tanstack/react-query'
import { engagementReportSchema, sourcesReportSchema } from '#shared/reports.ts'
import { api } from '../../lib/api.ts'
import { ALWAYS_REFETCH, overviewReportKey } from '../../lib/queries/overview-report.ts'
import { queryRoots } from '../../lib/query-roots.ts'

export const reportKeys = {
  all: queryRoots.reports,
  overview: overviewReportKey,
  sources: () => [...reportKeys.all, 'sources'] as const,
  engagement: () => [...reportKeys.all, 'engagement'] as const,
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
