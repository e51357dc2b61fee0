import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { tagSchema, type CreateTag, type Tag } from '#shared/tag.ts'
import { talentSchema, type TalentInput, type TalentUpdate } from '#shared/talent.ts'
import { api } from '../../lib/api.ts'

// The talent form's reads and writes (spec section 7). The dashboard's lists live under the
// ['talents'] prefix; the tag list is read with the generic path key ['/api/tags'].

const TALENTS_KEY = ['talents'] as const
export const TAGS_QUERY_KEY = ['/api/tags'] as const
/** The tag key the dashboard's api.ts and the Tags page may use; refreshed as well. */
const TAGS_PREFIX_KEY = ['tags'] as const

const tagListSchema = z.array(tagSchema)

/** GET /api/tags: no refetch on focus, one retry (spec section 7). */
export function tagsQueryOptions() {
  return queryOptions({
    queryKey: TAGS_QUERY_KEY,
    queryFn: () => api.get('/api/tags', tagListSchema),
    refetchOnWindowFocus: false,
    retry: 1,
  })
}

async function refreshTalentsAndTags(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TALENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: TAGS_PREFIX_KEY }),
  ])
}

/** POST /api/talents; the server sets addedById to the signed-in user. */
export function useCreateTalent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TalentInput) => api.post('/api/talents', talentSchema, input),
    onSuccess: () => refreshTalentsAndTags(queryClient),
  })
}

export type UpdateTalentVariables = { id: number; input: TalentUpdate }

/** PUT /api/talents/:id with the edited version's updatedAt (a stale one is refused with 409). */
export function useUpdateTalent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: UpdateTalentVariables) =>
      api.put(`/api/talents/${id}`, talentSchema, input),
    onSuccess: () => refreshTalentsAndTags(queryClient),
    // A refused edit may mean someone else changed the talent: fetch the current version.
    onError: () => queryClient.invalidateQueries({ queryKey: TALENTS_KEY }),
  })
}

const createdTagSchema = tagSchema.partial().required({ name: true })

/** POST /api/tags; the new tag joins the loaded list at once, then the list refreshes. */
export function useCreateTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateTag) => api.post('/api/tags', createdTagSchema, input),
    onSuccess: async (created) => {
      queryClient.setQueryData<Tag[]>(TAGS_QUERY_KEY, (tags) =>
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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TAGS_PREFIX_KEY }),
      ])
    },
  })
}

/** GET /api/talents/:id: the current version, after an edit was refused as stale. */
export function fetchCurrentTalent(id: number) {
  return api.get(`/api/talents/${id}`, talentSchema)
}
