import { z } from 'zod'
import { searchQuerySchema } from './search/search-query-schema.ts'
import { CONSENT_VALUES, INFORMED_VALUES } from './search/search-fields.ts'
import { PRIVACY_SOURCES } from './privacy.ts'
import {
  AREAS,
  MAX_PAGE_SIZE,
  SENIORITY_LEVELS,
  SORT_VALUES,
  TAG_NAME_MAX_LENGTH,
  TALENT_STATUSES,
  type TalentSort,
} from './talent.ts'

/*
 * The list's query (spec sections 3 "Filter state" and 7; paging and `q` added).
 * Apart from talent.ts because `q` is checked by the search parser, which reads talent.ts's
 * constants: in talent.ts the two would import each other.
 */

/** The order of a list when its request names none and has nothing to rank by. */
export const DEFAULT_SORT: TalentSort = 'newest'

/** A filter parameter where 'all' or '' means "no filter" (spec section 4). */
function filterParam<T extends z.ZodType<string>>(schema: T) {
  return z
    .union([z.literal(['all', '']), schema])
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v))
}

/** A sort by a custom number or date field: `field.notice.asc`, `field.available.desc`. */
export type FieldSort = `field.${string}.${'asc' | 'desc'}`
export type ListSort = TalentSort | FieldSort
const FIELD_SORT = /^field\.[a-z][a-z0-9_]{0,39}\.(asc|desc)$/
export const isFieldSort = (sort: string): sort is FieldSort => FIELD_SORT.test(sort)

/** The list's sort: an option of spec section 9, or a custom number or date field's. */
export const listSortSchema = z.union([
  z.enum(SORT_VALUES),
  z.custom<FieldSort>((v) => typeof v === 'string' && isFieldSort(v), {
    error: 'Sort must be one of the sort options or field.<key>.asc / field.<key>.desc',
  }),
])

/** A custom field's key as it is written after `field.` (shared/fields.ts keys). */
export const FIELD_PARAM = /^field\.([a-z][a-z0-9_]{0,39})$/

/**
 * The list's custom field filters, `field.<key>=<value>` (docs/api.md "Custom field filters"):
 * which keys name a field and what they take is known only with the definitions, so they pass
 * the schema as text and the server checks them (talents/list-plan.ts, a 400 naming the field).
 * Any other parameter is refused there as the strict schema would.
 */
export function fieldParams(query: object): [string, unknown][] {
  return Object.entries(query).filter(([k]) => !Object.hasOwn(LIST_SHAPE, k))
}

/** GET /api/talents query. */
const LIST_SHAPE = {
  areaOfInterest: filterParam(z.enum(AREAS)),
  seniorityLevel: filterParam(z.enum(SENIORITY_LEVELS)),
  tag: filterParam(z.string().trim().max(TAG_NAME_MAX_LENGTH)),
  status: filterParam(z.enum(TALENT_STATUSES)),
  addedBy: filterParam(z.string().trim().max(254)),
  search: filterParam(z.string().trim().max(100)),
  /** The privacy record's filters (security rule 49), as `consent:` etc. in `q`. */
  consent: filterParam(z.enum(CONSENT_VALUES)),
  informed: filterParam(z.enum(INFORMED_VALUES)),
  source: filterParam(z.enum(PRIVACY_SOURCES)),
  /** The query language; combined with every other parameter by AND. */
  q: searchQuerySchema.optional(),
  /**
   * No default here: without one, a `q` with words or phrases is ranked by relevance and any
   * other list is DEFAULT_SORT (server talents/list-order.ts). A sort given always wins.
   */
  sort: listSortSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().min(1).max(1000).optional(),
}
/**
 * Takes `field.<key>` parameters beside `schema`'s own and refuses any other one as a strict
 * schema would ('Unknown field'), a key named like an Object.prototype member included.
 */
export function withFieldParams<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = schema.shape
  return schema.catchall(z.unknown()).superRefine((query, ctx) => {
    const keys = Object.keys(query).filter((k) => !Object.hasOwn(shape, k) && !FIELD_PARAM.test(k))
    if (keys.length > 0) ctx.addIssue({ code: 'unrecognized_keys', keys, input: query })
  })
}

/** The list's own parameters, to derive the export's and the bulk filter's from. */
export const talentListParams = z.object(LIST_SHAPE)
/** GET /api/talents query; `field.<key>` parameters filter on custom fields (fieldParams). */
export const talentListQuerySchema = withFieldParams(talentListParams)
const _knownParams = z.strictObject(LIST_SHAPE)
/** `field.<key>` parameters, unchecked until the definitions are known. */
export type FieldParams = { [param: `field.${string}`]: unknown }
export type TalentListQuery = z.infer<typeof _knownParams> & FieldParams
export type TalentListQueryInput = z.input<typeof _knownParams> & FieldParams

/**
 * spec section 9: the badge counts area, level, tag, added by and search — not status or sort.
 * `q` is what the search box sends now, so it counts as the search.
 */
export function countActiveFilters(query: Partial<TalentListQueryInput>): number {
  const counted = [
    query.areaOfInterest,
    query.seniorityLevel,
    query.tag,
    query.addedBy,
    query.search,
    query.q,
    query.consent,
    query.informed,
    query.source,
  ]
  const fields = fieldParams(query).filter(([, v]) => typeof v === 'string' && v.trim() !== '')
  return (
    counted.filter((v) => v !== undefined && v.trim() !== '' && v !== 'all').length + fields.length
  )
}
