import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { deleteTagResponseSchema, tagSchema, type MergeTag, type RenameTag } from '#shared/tag.ts'
import { api, apiJson } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'
import { tagKeys } from '../../lib/queries/tag-list.ts'

// The tags feature's writes (spec section 7); the list and adding a tag are in
// lib/queries/tag-list.ts, read by the Tags page, the tag picker and the dashboard's Tag filter.

/** Tag writes change talents' tags: refresh the tag list and every talent list, card and stat. */
async function refreshTagsAndTalents(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
  ])
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
