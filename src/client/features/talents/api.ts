import {
  infiniteQueryOptions,
  type InfiniteData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { z } from 'zod'
import {
  talentSchema,
  talentStatsSchema,
  type TalentListQuery,
  type TalentSort,
} from '#shared/talent.ts'
import { api, apiGetWithHeaders } from '../../lib/api.ts'

/** Rows per page of the dashboard lists: the client always pages (issue 3). */
export const TALENT_PAGE_SIZE = 50

/** The filters and sort of a list, without the paging fields the infinite query adds. */
export type TalentListFilters = Partial<Omit<TalentListQuery, 'limit' | 'cursor' | 'sort'>> & {
  sort: TalentSort
}

export const talentKeys = {
  all: ['talents'] as const,
  lists: () => [...talentKeys.all, 'list'] as const,
  list: (filters: TalentListFilters) => [...talentKeys.lists(), filters] as const,
  stats: () => [...talentKeys.all, 'stats'] as const,
  detail: (id: number) => [...talentKeys.all, 'detail', id] as const,
}

export const userFilterKeys = {
  all: ['users', 'filter'] as const,
}

const talentListSchema = z.array(talentSchema)

export type TalentPage = {
  talents: z.output<typeof talentListSchema>
  /** Total for the filter (X-Total-Count); undefined when the server did not say. */
  total: number | undefined
  nextCursor: string | undefined
}

function readTotal(headers: Headers): number | undefined {
  const raw = headers.get('X-Total-Count')
  if (raw === null) return undefined
  const total = Number(raw)
  return Number.isInteger(total) && total >= 0 ? total : undefined
}

/** `cursor` '' asks for the first page (empty parameters are not sent). */
async function fetchTalentPage(filters: TalentListFilters, cursor: string) {
  const { data, headers } = await apiGetWithHeaders('/api/talents', talentListSchema, {
    ...filters,
    limit: TALENT_PAGE_SIZE,
    cursor,
  })
  const nextCursor = headers.get('X-Next-Cursor') ?? ''
  const page: TalentPage = {
    talents: data,
    total: readTotal(headers),
    nextCursor: nextCursor === '' ? undefined : nextCursor,
  }
  return page
}

/** GET /api/talents in pages of TALENT_PAGE_SIZE, following the keyset cursor (issue 3). */
export function talentListOptions(filters: TalentListFilters) {
  return infiniteQueryOptions({
    queryKey: talentKeys.list(filters),
    queryFn: ({ pageParam }) => fetchTalentPage(filters, pageParam),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  })
}

/** GET /api/talents/stats: the four dashboard cards, for the whole pool. */
export function talentStatsOptions() {
  return queryOptions({
    queryKey: talentKeys.stats(),
    queryFn: () => api.get('/api/talents/stats', talentStatsSchema),
  })
}

/** GET /api/talents/:id: the detail view, also when opened from a shared link. */
export function talentDetailOptions(id: number) {
  return queryOptions({
    queryKey: talentKeys.detail(id),
    queryFn: () => api.get(`/api/talents/${id}`, talentSchema),
  })
}

const filterUserSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
})
export type FilterUser = z.infer<typeof filterUserSchema>

/** GET /api/users/filter: the Added By choices (spec section 7). */
export function userFilterOptions() {
  return queryOptions({
    queryKey: userFilterKeys.all,
    queryFn: () => api.get('/api/users/filter', z.array(filterUserSchema)),
  })
}

function withoutTalent(data: InfiniteData<TalentPage>, id: number): InfiniteData<TalentPage> {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      talents: page.talents.filter((talent) => talent.id !== id),
      total: page.total === undefined ? undefined : Math.max(0, page.total - 1),
    })),
  }
}

type DeleteOptions = { onSuccess?: () => void; onError?: (error: unknown) => void }

/** DELETE /api/talents/:id, then every talent list, the stats and details refresh (spec section 4). */
export function useDeleteTalent({ onSuccess, onError }: DeleteOptions = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/talents/${id}`),
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: talentKeys.detail(id) })
      // The row leaves the loaded pages at once; the refetch then brings totals and stats.
      queryClient.setQueriesData<InfiniteData<TalentPage>>(
        { queryKey: talentKeys.lists() },
        (data) => data && withoutTalent(data, id),
      )
      void queryClient.invalidateQueries({ queryKey: talentKeys.all })
      onSuccess?.()
    },
    onError,
  })
}
