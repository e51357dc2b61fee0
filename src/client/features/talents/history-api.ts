import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { activityEntrySchema } from '#shared/activity.ts'
import { api } from '../../lib/api.ts'
import { talentKeys } from './api.ts'

/**
 * Under the ['talents'] prefix on purpose: every talent write (create, edit, delete) invalidates
 * that prefix, so an open History refreshes after an edit is saved (issue 5).
 */
export const talentHistoryKey = (id: number) => [...talentKeys.all, 'history', id] as const

/** GET /api/talents/:id/activity: the talent's History, newest first. */
export function talentHistoryOptions(id: number) {
  return queryOptions({
    queryKey: talentHistoryKey(id),
    queryFn: () => api.get(`/api/talents/${id}/activity`, z.array(activityEntrySchema)),
  })
}
