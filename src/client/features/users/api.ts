import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  adminUserSchema,
  inviteResponseSchema,
  type InviteUser,
  type UpdateUser,
} from '#shared/user.ts'
import { messageResponseSchema } from '#shared/auth.ts'
import { resetPasswordResponseSchema } from '#shared/mfa.ts'
import { api, apiRequest } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'
import { CURRENT_USER_KEY } from '../../lib/session.ts'

// Users' reads and writes (spec section 7): the admin's list. The dashboard's Added By choices
// (features/talents/filters/added-by-api.ts) sit under the same root, so these writes refresh them.

export const userKeys = {
  all: queryRoots.users,
  list: () => [...userKeys.all, 'list'] as const,
}

/** spec sections 7 and 9: the user list is cached 60 s. */
const USERS_STALE_TIME_MS = 60_000

/** GET /api/users (admin): every user with the pending temporary password. */
export function userListOptions() {
  return queryOptions({
    queryKey: userKeys.list(),
    queryFn: () => api.get('/api/users', z.array(adminUserSchema)),
    staleTime: USERS_STALE_TIME_MS,
  })
}

async function refreshUsers(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: userKeys.all })
}

/** POST /api/invite; the answer carries tempPassword and devModeMessage when no mail was sent. */
export function useInviteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InviteUser) => api.post('/api/invite', inviteResponseSchema, input),
    onSuccess: () => refreshUsers(queryClient),
  })
}

export type UpdateUserVariables = { id: number; input: UpdateUser }

/** PATCH /api/users/:id; only success is read, then the lists refresh. */
export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: UpdateUserVariables) =>
      apiRequest('PATCH', `/api/users/${id}`, input),
    // The signed-in admin may have edited their own names.
    onSuccess: async () => {
      await Promise.all([
        refreshUsers(queryClient),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ])
    },
  })
}

/** DELETE /api/users/:id, then the lists refresh. */
export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/users/${id}`),
    onSuccess: () => refreshUsers(queryClient),
  })
}

/** POST /api/users/:id/unlock (security rule 6 e), then the list refreshes (the Locked badge goes). */
export function useUnlockUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/users/${id}/unlock`, messageResponseSchema),
    onSuccess: () => refreshUsers(queryClient),
  })
}

/** POST /api/users/:id/reset-mfa: they set two-factor up again at next sign-in. */
export function useResetMfa() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      api.post(
        `/api/users/${id}/reset-mfa`,
        messageResponseSchema.extend({ user: adminUserSchema }),
      ),
    onSuccess: () => refreshUsers(queryClient),
  })
}

/** POST /api/users/:id/reset-password: a new temporary password, shown once. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/users/${id}/reset-password`, resetPasswordResponseSchema),
    onSuccess: () => refreshUsers(queryClient),
  })
}
