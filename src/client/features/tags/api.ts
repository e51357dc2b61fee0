import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  deleteTagResponseSchema,
  tagSchema,
  type CreateTag,
  type MergeTag,
  type RenameTag,
  type Tag,
} from '#shared/tag.ts'
import { api, apiJson } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'

// Tags' reads and writes (spec section 7). The Tags page, the tag picker and the
// dashboard's Tag filter all read the one list, so a rename shows everywhere.

export const tagKeys = {
  all: queryRoots.tags,
  list: () => [...tagKeys.all, 'list'] as const,
}

const tagListSchema = z.array(tagSchema)

/** GET /api/tags: no refetch on focus, one retry (spec section 7). */
export function tagListOptions() {
  return queryOptions({
    queryKey: tagKeys.list(),
    queryFn: () => api.get('/api/tags', tagListSchema),
    refetchOnWindowFocus: false,
    retry: 1,
  })
}

/** Tag writes change talents' tags: refresh the tag list and every talent list, card and stat. */
async function refreshTagsAndTalents(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  ])
}

const createdTagSchema = tagSchema.partial().required({ name: true })

/** POST /api/tags; the new tag joins the loaded list at once, then the list refreshes. */
export function useCreateTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateTag) => api.post('/api/tags', createdTagSchema, input),
    onSuccess: async (created) => {
      queryClient.setQueryData<Tag[]>(tagKeys.list(), (tags) =>
        tags === undefined
          ? tags
          : [
              ...tags,
              {
                id: created.id ?? -1,
                name: created.name,
                count: 0,
                isDefault: false,
                isSystem: false,
              },
            ],
      )
      await queryClient.invalidateQueries({ queryKey: tagKeys.all })
    },
  })
}

export type RenameTagVariables = { id: number; input: RenameTag }

/** PUT /api/tags/:id (admins): renames the tag on every talent carrying it. */
export function useRenameTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: RenameTagVariables) => api.put(`/api/tags/${id}`, tagSchema, input),
    onSuccess: () => refreshTagsAndTalents(queryClient),
  })
}

export type MergeTagVariables = { id: number; input: MergeTag }

/** POST /api/tags/:id/merge (admins): the source's talents get the target; the source goes. */
export function useMergeTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: MergeTagVariables) =>
      api.post(`/api/tags/${id}/merge`, tagSchema, input),
    onSuccess: () => refreshTagsAndTalents(queryClient),
  })
}

/** DELETE /api/tags/:id (admins): removes the tag from every talent, then the tag. */
export function useDeleteTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiJson('DELETE', `/api/tags/${id}`, deleteTagResponseSchema),
    onSuccess: () => refreshTagsAndTalents(queryClient),
  })
}
