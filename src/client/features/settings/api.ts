import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { preferencesSchema, type Preferences } from '#shared/preferences.ts'
import { api } from '../../lib/api.ts'

// The Settings switches: saved per user on the server, read back on any browser.

export const PREFERENCES_QUERY_KEY = ['/api/me/preferences'] as const

/** GET /api/me/preferences: the signed-in user's saved switches. */
export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: () => api.get('/api/me/preferences', preferencesSchema),
    refetchOnWindowFocus: false,
  })
}

/** PUT /api/me/preferences; the cache takes the saved values the server answered with. */
export function useSavePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Preferences) => api.put('/api/me/preferences', preferencesSchema, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved)
    },
  })
}
