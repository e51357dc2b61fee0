import { useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  countActiveFilters,
  DEFAULT_SORT,
  talentListQuerySchema,
} from '#shared/talent-list-query.ts'
import type { TalentListFilters } from '../api.ts'

// spec section 4 "Filters" + STYLE (client): the applied filters and sort live in the URL, parsed
// with the shared schema; edits are a local draft until Apply.

export const FILTER_PARAM_NAMES = [
  'areaOfInterest',
  'seniorityLevel',
  'tag',
  'status',
  'addedBy',
  'search',
  'sort',
] as const

export const DEFAULT_FILTERS: TalentListFilters = { sort: 'newest' }

/** Reads one parameter with its shared schema; a bad or missing value is its default. */
function field<T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  value: string | null,
  fallback: T,
): T {
  const result = schema.safeParse(value ?? undefined)
  return result.success ? result.data : fallback
}

/** The applied filters in `params`; a value the schema refuses falls back to "no filter". */
export function parseFilters(params: URLSearchParams): TalentListFilters {
  const shape = talentListQuerySchema.shape
  return {
    areaOfInterest: field(shape.areaOfInterest, params.get('areaOfInterest'), undefined),
    seniorityLevel: field(shape.seniorityLevel, params.get('seniorityLevel'), undefined),
    tag: field(shape.tag, params.get('tag'), undefined),
    status: field(shape.status, params.get('status'), undefined),
    addedBy: field(shape.addedBy, params.get('addedBy'), undefined),
    search: field(shape.search, params.get('search'), undefined),
    sort: field(shape.sort, params.get('sort'), DEFAULT_SORT) ?? DEFAULT_SORT,
  }
}

/**
 * `params` with the filter parameters replaced by `filters`: empty filters and the default sort
 * are left out, so the plain dashboard keeps a clean URL. Other parameters are kept.
 */
export function filtersToParams(
  filters: TalentListFilters,
  params: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of FILTER_PARAM_NAMES) next.delete(name)
  for (const name of FILTER_PARAM_NAMES) {
    const value = filters[name]?.trim()
    if (value === undefined || value === '' || value === 'all') continue
    if (name === 'sort' && value === DEFAULT_FILTERS.sort) continue
    next.set(name, value)
  }
  return next
}

/** The applied filters from the URL, and the ways to change them (each a history entry). */
export function useTalentFilters() {
  const [searchParams, setSearchParams] = useSearchParams()
  const applied = parseFilters(searchParams)

  function apply(filters: TalentListFilters) {
    const next = filtersToParams(filters, searchParams)
    // Applying the same filters again adds no history entry.
    if (next.toString() !== searchParams.toString()) setSearchParams(next)
  }

  return {
    applied,
    activeCount: countActiveFilters(applied),
    apply,
  }
}

/** An 'all' choice in a select clears that filter (spec section 4). */
export const ALL = 'all'

export type FilterParamName = (typeof FILTER_PARAM_NAMES)[number]
/** The panel's edits as plain strings ('' or 'all' = no filter); parsed only on Apply. */
export type FilterDraft = Record<FilterParamName, string>

export function toDraft(filters: TalentListFilters): FilterDraft {
  return {
    areaOfInterest: filters.areaOfInterest ?? ALL,
    seniorityLevel: filters.seniorityLevel ?? ALL,
    tag: filters.tag ?? ALL,
    status: filters.status ?? ALL,
    addedBy: filters.addedBy ?? ALL,
    search: filters.search ?? '',
    sort: filters.sort,
  }
}

/** The draft as filters, read with the same schema as the URL. */
export function fromDraft(draft: FilterDraft): TalentListFilters {
  return parseFilters(new URLSearchParams(draft))
}

/** The filter panel's draft, started from the applied filters each time the panel mounts. */
export function useFilterDraft(applied: TalentListFilters) {
  const [draft, setDraft] = useState(() => toDraft(applied))

  function setField(name: FilterParamName, value: string) {
    setDraft((current) => ({ ...current, [name]: value }))
  }

  return { draft, setField, replace: setDraft, activeCount: countActiveFilters(fromDraft(draft)) }
}
