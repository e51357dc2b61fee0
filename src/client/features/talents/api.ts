import {
  infiniteQueryOptions,
  type InfiniteData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { z } from 'zod'
import { activityEntrySchema } from '#shared/activity.ts'
import {
  talentSchema,
  talentStatsSchema,
  type TalentInput,
  type TalentUpdate,
} from '#shared/talent.ts'
import type { ListSort, TalentListQuery } from '#shared/talent-list-query.ts'
import { api, apiGetWithHeaders } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'
import { talentDetailKey } from '../../lib/queries/talent-detail.ts'

/** Rows per page of the dashboard lists: the client always pages. */
export const TALENT_PAGE_SIZE = 50

/**
 * The filters, search and sort of a list, without the paging fields the infinite query adds. No
 * `sort` leaves the order to the server: relevance when `q` has words to rank by.
 */
export type TalentListFilters = Partial<Omit<TalentListQuery, 'limit' | 'cursor' | 'sort'>> & {
  sort: ListSort | undefined
}

export const talentKeys = {
  all: queryRoots.talents,
  lists: () => [...talentKeys.all, 'list'] as const,
  list: (filters: TalentListFilters) => [...talentKeys.lists(), filters] as const,
  stats: () => [...talentKeys.all, 'stats'] as const,
  detail: talentDetailKey,
  /** Under the prefix on purpose: every talent write refreshes an open History. */
  history: (id: number) => [...talentKeys.all, 'history', id] as const,
}

const talentListSchema = z.array(talentSchema)

export type TalentPage = {
  talents: z.output<typeof talentListSchema>
  /** Total for the filter (X-Total-Count); undefined when the server did not say. */
  total: number | undefined
  /** The total of a broad search on a large pool may be an estimate ("about N"). */
  isTotalEstimated: boolean
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
    isTotalEstimated: headers.get('X-Total-Count-Estimated') === 'true',
    nextCursor: nextCursor === '' ? undefined : nextCursor,
  }
  return page
}

/** GET /api/talents in pages of TALENT_PAGE_SIZE, following the keyset cursor. */
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

/** GET /api/talents/:id/activity: the talent's History, newest first. */
export function talentHistoryOptions(id: number) {
  return queryOptions({
    queryKey: talentKeys.history(id),
    queryFn: () => api.get(`/api/talents/${id}/activity`, z.array(activityEntrySchema)),
  })
}

/** GET /api/talents/:id: the current version, after an edit was refused as stale. */
export function fetchCurrentTalent(id: number) {
  return api.get(`/api/talents/${id}`, talentSchema)
}

/** A talent write may add tags or change their counts: refresh talents and tags. */
async function refreshTalentsAndTags(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: talentKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
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

type UpdateTalentVariables = { id: number; input: TalentUpdate }

/** PUT /api/talents/:id with the edited version's updatedAt (a stale one is refused with 409). */
export function useUpdateTalent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: UpdateTalentVariables) =>
      api.put(`/api/talents/${id}`, talentSchema, input),
    onSuccess: () => refreshTalentsAndTags(queryClient),
    // A refused edit may mean someone else changed the talent: fetch the current version.
    onError: () => queryClient.invalidateQueries({ queryKey: talentKeys.all }),
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
