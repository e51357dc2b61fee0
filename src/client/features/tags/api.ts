import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { deleteTagResponseSchema, tagSchema, type MergeTag, type RenameTag } from '#shared/tag.ts'
import { api, apiJson } from '../../lib/api.ts'
import { TAGS_QUERY_KEY } from '../talents/form-api.ts'

// The Tags page's writes (issue 5). Reads share the talent form's GET /api/tags query
// (tagsQueryOptions), so a rename shows in the tag picker too.

/** Tag writes change talents' tags: refresh the tag list and every talent list, card and stat. */
async function refreshTagsAndTalents(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['tags'] }),
    queryClient.invalidateQueries({ queryKey: ['talents'] }),
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
