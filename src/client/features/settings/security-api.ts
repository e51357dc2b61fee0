import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { messageResponseSchema } from '#shared/auth.ts'
import { mfaEnableResponseSchema, mfaSetupResponseSchema, sessionInfoSchema } from '#shared/mfa.ts'
import { api } from '../../lib/api.ts'
import { CURRENT_USER_KEY } from '../../lib/session.ts'

// Settings' two-factor and sessions.

export const SESSIONS_QUERY_KEY = ['/api/auth/sessions'] as const

/** GET /api/auth/sessions: the person's own signed-in sessions. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: () => api.get('/api/auth/sessions', z.array(sessionInfoSchema)),
  })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'all' }),
    ])
}

/** DELETE /api/auth/sessions/:id */
export function useEndSession() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: number) =>
      api.delete(`/api/auth/sessions/${id}`).then((response) => response.json()),
    onSuccess: refresh,
  })
}

/** DELETE /api/auth/sessions?others=1 */
export function useEndOtherSessions() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: () => api.delete('/api/auth/sessions?others=1'),
    onSuccess: refresh,
  })
}

/** POST /api/auth/mfa/setup: the current password, then a new secret and its QR code. */
export function useMfaSetup() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post('/api/auth/mfa/setup', mfaSetupResponseSchema, { password }),
  })
}

/**
 * POST /api/auth/mfa/enable: the code confirms; the answer has the recovery codes, once. The
 * person's other sessions have ended (security rule 46): the sessions list is refreshed.
 */
export function useMfaEnable() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/api/auth/mfa/enable', mfaEnableResponseSchema, { code }),
    onSuccess: refresh,
  })
}

/** POST /api/auth/mfa/disable: the password and a current code. */
export function useMfaDisable() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post('/api/auth/mfa/disable', messageResponseSchema, input),
    onSuccess: refresh,
  })
}
