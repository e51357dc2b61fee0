import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  savedViewSchema,
  type CreateSavedView,
  type SavedView,
  type SavedViewState,
  type UpdateSavedView,
} from '#shared/saved-view.ts'
import { api } from '../../../lib/api.ts'
import { queryRoots } from '../../../lib/query-roots.ts'
import type { TalentListFilters } from '../api.ts'
import type { ViewMode } from '../list/use-view-mode.ts'
import { filtersToParams } from '../filters/use-talent-filters.ts'

/**
 * Under the talents root on purpose: each view carries its live count, so every talent write
 * (which invalidates that root) refreshes the sidebar's numbers too.
 */
export const savedViewKeys = {
  all: [...queryRoots.talents, 'saved-views'] as const,
  list: () => [...savedViewKeys.all, 'list'] as const,
  detail: (id: number) => [...savedViewKeys.all, 'detail', id] as const,
}

/** GET /api/views: the caller's views and everyone's shared ones, with live counts. */
export function savedViewListOptions() {
  return queryOptions({
    queryKey: savedViewKeys.list(),
    queryFn: () => api.get('/api/views', z.array(savedViewSchema)),
  })
}

/** GET /api/views/:id: a view opened by URL. */
export function savedViewOptions(id: number) {
  return queryOptions({
    queryKey: savedViewKeys.detail(id),
    queryFn: () => api.get(`/api/views/${id}`, savedViewSchema),
    retry: false,
  })
}

/** The dashboard's state as a view keeps it: only what is set. */
export function stateOfDashboard(filters: TalentListFilters, viewMode: ViewMode): SavedViewState {
  const state: SavedViewState = { view: viewMode }
  if (filters.areaOfInterest) state.areaOfInterest = filters.areaOfInterest
  if (filters.seniorityLevel) state.seniorityLevel = filters.seniorityLevel
  if (filters.tag) state.tag = filters.tag
  if (filters.status) state.status = filters.status
  if (filters.addedBy) state.addedBy = filters.addedBy
  if (filters.search) state.search = filters.search
  if (filters.q) state.q = filters.q
  if (filters.sort) state.sort = filters.sort
  return state
}

/** A view's state as the dashboard's filters. */
export function filtersOfState(state: SavedViewState): TalentListFilters {
  const { view: _view, ...filters } = state
  return { ...filters, sort: state.sort }
}

export const VIEW_PARAM = 'view'

/** The dashboard URL that shows a view: its state in the URL, and which view it is. */
export function savedViewUrl(view: Pick<SavedView, 'id' | 'state'>): string {
  const params = filtersToParams(
    filtersOfState(view.state),
    new URLSearchParams({ [VIEW_PARAM]: String(view.id) }),
  )
  return `/dashboard?${params.toString()}`
}

function useRefreshViews() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all })
}

/** POST /api/views. */
export function useCreateSavedView() {
  const refresh = useRefreshViews()
  return useMutation({
    mutationFn: (input: CreateSavedView) => api.post('/api/views', savedViewSchema, input),
    onSuccess: refresh,
  })
}

/** PATCH /api/views/:id. */
export function useUpdateSavedView() {
  const refresh = useRefreshViews()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateSavedView }) =>
      api.patch(`/api/views/${id}`, savedViewSchema, input),
    onSuccess: refresh,
  })
}

/** DELETE /api/views/:id. */
export function useDeleteSavedView() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/views/${id}`),
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: savedViewKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: savedViewKeys.list() })
    },
  })
}
