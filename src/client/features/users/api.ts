import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  adminUserSchema,
  inviteResponseSchema,
  type InviteUser,
  type UpdateUser,
} from '#shared/user.ts'
import { api, apiRequest } from '../../lib/api.ts'
import { CURRENT_USER_KEY } from '../auth/session.ts'

// User management's reads and writes (spec section 7). The list uses the generic path key.

export const USERS_QUERY_KEY = ['/api/users'] as const
/** The Added By choices (spec section 7), under the path key and the dashboard's own key. */
const USER_FILTER_KEYS = [['/api/users/filter'], ['users', 'filter']] as const

/** spec sections 7 and 9: the user list is cached 60 s. */
const USERS_STALE_TIME_MS = 60_000

/** GET /api/users (admin): every user with the pending temporary password. */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: USERS_QUERY_KEY,
    queryFn: () => api.get('/api/users', z.array(adminUserSchema)),
    staleTime: USERS_STALE_TIME_MS,
  })
}

async function refreshUsers(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
    ...USER_FILTER_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ])
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
