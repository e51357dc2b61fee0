import { infiniteQueryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { PRIVACY_LOG_PAGE, privacyLogEntrySchema } from '#shared/privacy-log.ts'
import { apiGetWithHeaders } from '../../lib/api.ts'

/** The privacy log's cached pages; a personal-data export refreshes them. */
export const PRIVACY_LOG_KEY = ['privacy-log'] as const

const pageSchema = z.array(privacyLogEntrySchema)

/** GET /api/privacy/log, newest first, following X-Next-Cursor (admins). */
export function privacyLogOptions() {
  return infiniteQueryOptions({
    queryKey: PRIVACY_LOG_KEY,
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await apiGetWithHeaders('/api/privacy/log', pageSchema, {
        limit: PRIVACY_LOG_PAGE,
        cursor: pageParam,
      })
      return { entries: data, nextCursor: headers.get('x-next-cursor') ?? undefined }
    },
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  })
}
