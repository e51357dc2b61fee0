import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { tagSchema, type CreateTag, type Tag } from '#shared/tag.ts'
import { api } from '../api.ts'
import { queryRoots } from '../query-roots.ts'

// The tag list and adding a tag (spec section 7): the Tags page, the tag picker and the
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
