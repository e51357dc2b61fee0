import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { parseQuery } from '#shared/search/parse-query.ts'
import { queryTerms } from '#shared/search/query-chips.ts'
import {
  countActiveFilters,
  DEFAULT_SORT,
  FIELD_PARAM,
  talentListQuerySchema,
  type ListSort,
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
  'q',
  'consent',
  'informed',
  'source',
  'sort',
] as const

/**
 * The Sort tab's 'Best Match' choice, and the draft's "no sort chosen": no `sort` is sent and the
 * server ranks by relevance (newest without words to rank by).
 */
export const RELEVANCE = 'relevance'

/** The plain dashboard: no filter, no search, the server's default order (newest). */
export const DEFAULT_FILTERS: TalentListFilters = { sort: undefined }

/** Whether a search has words or phrases to rank by (field terms and exclusions have none). */
export function hasTextTerms(q: string | undefined): boolean {
  if (q === undefined) return false
  return queryTerms(parseQuery(q)).some((term) => term.kind !== 'field' && !term.negated)
}

/**
 * The order the server picks for a list that names none: relevance when the search has
 * words or phrases to rank by, else the spec's default, newest.
 */
export function serverOrder(filters: TalentListFilters): ListSort | typeof RELEVANCE {
  return filters.sort ?? (hasTextTerms(filters.q) ? RELEVANCE : DEFAULT_SORT)
}

/** A search as the URL and the list's key hold it: undefined when there is nothing to search. */
function queryText(value: string | undefined): string | undefined {
  const text = value?.trimStart()
  return text === undefined || text === '' ? undefined : text
}

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
  const q = queryText(field(shape.q, params.get('q'), undefined))
  return {
    areaOfInterest: field(shape.areaOfInterest, params.get('areaOfInterest'), undefined),
    seniorityLevel: field(shape.seniorityLevel, params.get('seniorityLevel'), undefined),
    tag: field(shape.tag, params.get('tag'), undefined),
    status: field(shape.status, params.get('status'), undefined),
    addedBy: field(shape.addedBy, params.get('addedBy'), undefined),
    search: field(shape.search, params.get('search'), undefined),
    q,
    consent: field(shape.consent, params.get('consent'), undefined),
    informed: field(shape.informed, params.get('informed'), undefined),
    source: field(shape.source, params.get('source'), undefined),
    sort: field(shape.sort, params.get('sort'), undefined),
    ...fieldFilters(params),
  }
}

/** The custom field filters, `field.<key>=…` as the API takes them (checked by the server). */
export function fieldFilters(params: URLSearchParams): Record<`field.${string}`, string> {
  const filters: Record<`field.${string}`, string> = {}
  for (const [name, value] of params) {
    if (FIELD_PARAM.test(name) && value.trim() !== '') filters[name as `field.${string}`] = value
  }
  return filters
}

const isFieldParam = (name: string) => FIELD_PARAM.test(name)

/**
 * `params` with the filter parameters replaced by `filters`: empty filters and the default sort
 * are left out, so the plain dashboard keeps a clean URL. Other parameters are kept. `q` keeps a
 * trailing space: it makes the last word whole instead of a prefix still being typed.
 */
export function filtersToParams(
  filters: TalentListFilters,
  params: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(params)
  const q = queryText(filters.q)
  for (const name of FILTER_PARAM_NAMES) next.delete(name)
  for (const name of [...next.keys()].filter(isFieldParam)) next.delete(name)
  for (const [name, value] of Object.entries(filters)) {
    if (isFieldParam(name) && typeof value === 'string' && value.trim() !== '') {
      next.set(name, value.trim())
    }
  }
  for (const name of FILTER_PARAM_NAMES) {
    const value = name === 'q' ? q : filters[name]?.trim()
    if (value === undefined || value === '' || value === 'all') continue
    // No sort is the server's choice (newest, or relevance with words to rank by): 'newest' is
    // written only where the server would rank instead.
    if (name === 'sort' && value === DEFAULT_SORT && !hasTextTerms(q)) continue
    next.set(name, value)
  }
  return next
}

/** The applied filters from the URL, and the ways to change them (each a history entry). */
export function useTalentFilters() {
  const [searchParams, setSearchParams] = useSearchParams()
  const applied = parseFilters(searchParams)

  /** `replace`: no new history entry (a search refined as it is typed). */
  function apply(filters: TalentListFilters, options: { replace?: boolean } = {}) {
    const next = filtersToParams(filters, searchParams)
    // Nothing of a saved view left (Reset, the last filter cleared): it is no longer shown.
    const kept = [...FILTER_PARAM_NAMES, ...[...next.keys()].filter(isFieldParam)]
    if (!kept.some((name) => next.has(name))) next.delete('view')
    // Applying the same filters again adds no history entry.
    if (next.toString() !== searchParams.toString()) setSearchParams(next, options)
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
export type FilterDraft = Record<FilterParamName, string> & Record<`field.${string}`, string>

export function toDraft(filters: TalentListFilters): FilterDraft {
  return {
    areaOfInterest: filters.areaOfInterest ?? ALL,
    seniorityLevel: filters.seniorityLevel ?? ALL,
    tag: filters.tag ?? ALL,
    status: filters.status ?? ALL,
    addedBy: filters.addedBy ?? ALL,
    // The panel's Search field is the query language (`q`). A spec `search` from a
    // link shows there too and becomes a `q` on Apply (`ann` still finds Joanna as before).
    search: '',
    q: filters.q ?? filters.search ?? '',
    consent: filters.consent ?? ALL,
    informed: filters.informed ?? ALL,
    source: filters.source ?? ALL,
    sort: filters.sort ?? RELEVANCE,
    ...fieldFilters(filtersToParams(filters, new URLSearchParams())),
  }
}

/** The draft as filters, read with the same schema as the URL. */
export function fromDraft(draft: FilterDraft): TalentListFilters {
  return parseFilters(new URLSearchParams(draft))
}

/** The filter panel's draft, started from the applied filters each time the panel mounts. */
export function useFilterDraft(applied: TalentListFilters) {
  const [draft, setDraft] = useState(() => toDraft(applied))

  function setField(name: FilterParamName | `field.${string}`, value: string) {
    setDraft((current) => ({ ...current, [name]: value }))
  }

  return { draft, setField, replace: setDraft, activeCount: countActiveFilters(fromDraft(draft)) }
}
