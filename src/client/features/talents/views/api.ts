import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  savedViewSchema,
  type CreateSavedView,
  type SavedView,
  type SavedViewState,
  type UpdateSavedView,
  viewFieldParams,
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
export function stateOfDashboard(
  filters: TalentListFilters,
  viewMode: ViewMode,
  columns?: string[],
): SavedViewState {
  const state: SavedViewState = { view: viewMode }
  if (filters.areaOfInterest) state.areaOfInterest = filters.areaOfInterest
  if (filters.seniorityLevel) state.seniorityLevel = filters.seniorityLevel
  if (filters.tag) state.tag = filters.tag
  if (filters.status) state.status = filters.status
  if (filters.addedBy) state.addedBy = filters.addedBy
  if (filters.search) state.search = filters.search
  if (filters.q) state.q = filters.q
  if (filters.sort) state.sort = filters.sort
  const fields = Object.entries(filters).filter(
    (entry): entry is [string, string] =>
      entry[0].startsWith(FIELD_PREFIX) && typeof entry[1] === 'string' && entry[1] !== '',
  )
  if (fields.length > 0) {
    state.fields = Object.fromEntries(fields.map(([k, v]) => [k.slice(FIELD_PREFIX.length), v]))
  }
  if (columns && columns.length > 0) state.columns = columns
  return state
}

const FIELD_PREFIX = 'field.'
/** The table's custom field columns in the dashboard's URL: `columns=notice,languages`. */
export const COLUMNS_PARAM = 'columns'

/** A view's state as the dashboard's filters. */
export function filtersOfState(state: SavedViewState): TalentListFilters {
  const { view: _view, fields: _fields, columns: _columns, ...filters } = state
  return { ...filters, ...viewFieldParams(state), sort: state.sort }
}

export const VIEW_PARAM = 'view'

/** The dashboard URL that shows a view: its state in the URL, and which view it is. */
export function savedViewUrl(view: Pick<SavedView, 'id' | 'state'>): string {
  const params = filtersToParams(
    filtersOfState(view.state),
    new URLSearchParams({ [VIEW_PARAM]: String(view.id) }),
  )
  if (view.state.columns) params.set(COLUMNS_PARAM, view.state.columns.join(','))
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

/** The custom field columns the dashboard's URL shows, by key. */
export function columnsOf(params: URLSearchParams): string[] {
  const keys = (params.get(COLUMNS_PARAM) ?? '').split(',').map((k) => k.trim())
  return keys.filter((k) => /^[a-z][a-z0-9_]{0,39}$/.test(k))
}
