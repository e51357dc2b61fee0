import { useMutation, useQueryClient } from '@tanstack/react-query'
import { messageResponseSchema, type ChangePasswordRequest } from '#shared/auth.ts'
import { api } from '../api.ts'
import { CURRENT_USER_KEY } from '../session.ts'

/**
 * POST /api/auth/change-password: the /change-password page and Settings' dialog. Then re-reads
 * the current user even when no screen is watching it, so guards see the new flags.
 */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      api.post('/api/auth/change-password', messageResponseSchema, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'all' }),
  })
}
