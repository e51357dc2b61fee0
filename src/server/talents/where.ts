import { and, arrayContains, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { ParsedQuery } from '#shared/search/parse-query.ts'
import type { TalentSort } from '#shared/talent.ts'
import { DEFAULT_SORT, type TalentListQuery } from '#shared/talent-list-query.ts'
import { talents, users } from '../db/schema.ts'
import { escapeLike } from '../db/escape-like.ts'
import { idArray } from '../db/id-array.ts'
import type { Corrections } from '../search/corrections.ts'
import { searchCondition } from '../search/search-sql.ts'
import { consentCondition, fieldTermCondition } from '../search/field-terms.ts'
import { fieldFiltersCondition, fieldSortExpression } from '../search/custom-field-sql.ts'
import type { FieldFilter } from '#shared/search/custom-terms.ts'
import type { TalentCursor } from './cursor.ts'
import type { ListOrder } from './list-order.ts'

/** The filter part of a list query: what the total counts (spec section 3 "Filter state"). */
export type TalentFilter = Partial<
  Pick<
    TalentListQuery,
    | 'areaOfInterest'
    | 'seniorityLevel'
    | 'tag'
    | 'status'
    | 'addedBy'
    | 'search'
    | 'consent'
    | 'informed'
    | 'source'
  >
> & {
  /** `q` parsed; undefined when it has no clauses. */
  query?: ParsedQuery
  /** A hand-picked selection (the export of selected talents); never cached by key. */
  ids?: readonly number[]
  /** `field.<key>=…` parameters, checked against the caller's fields (list-plan.ts). */
  fields?: FieldFilter[]
}

/**
 * Every dashboard filter in SQL, each backed by an index (schema.ts): btree on area,
 * level and adder; GIN on tags and status (@>); trigram GIN for ILIKE search on name or e-mail.
 * `corrections`: the typo corrections of `filter.query`, looked up once (search/corrections.ts).
 */
export function talentWhere(filter: TalentFilter, corrections: Corrections): SQL | undefined {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined
  return and(
    filter.areaOfInterest ? eq(talents.areaOfInterest, filter.areaOfInterest) : undefined,
    filter.seniorityLevel ? eq(talents.seniorityLevel, filter.seniorityLevel) : undefined,
    filter.tag ? arrayContains(talents.tags, [filter.tag]) : undefined,
    filter.status ? arrayContains(talents.status, [filter.status]) : undefined,
    // spec section 3: addedBy is a user e-mail. Users' e-mails are stored lower-cased (schema.ts),
    // so this is one unique-index probe, then the added_by_id index.
    filter.addedBy
      ? eq(
          talents.addedById,
          sql`(select ${users.id} from ${users} where ${users.email} = lower(${filter.addedBy}))`,
        )
      : undefined,
    pattern ? or(ilike(talents.fullName, pattern), ilike(talents.email, pattern)) : undefined,
    // Security rule 49: the same conditions as `consent:`, `informed:` and `source:` in `q`.
    filter.consent ? consentCondition(filter.consent) : undefined,
    filter.informed
      ? fieldTermCondition({
          kind: 'field',
          negated: false,
          field: 'informed',
          value: filter.informed,
        })
      : undefined,
    filter.source ? eq(talents.privacySource, filter.source) : undefined,
    filter.query ? searchCondition(filter.query, corrections) : undefined,
    filter.ids ? sql`${talents.id} = any(${idArray(filter.ids)})` : undefined,
    filter.fields ? fieldFiltersCondition(filter.fields) : undefined,
  )
}

export type SortSpec = {
  /** The sort key column or expression; its btree (schema.ts) ends in id. */
  key: SQL
  /** The key as text for the cursor, and how to read it back. */
  keyText: SQL
  castBack: (key: string) => SQL
  direction: 'asc' | 'desc'
  /**
   * A custom field's key: talents without a value come last in either direction, their key
   * printed as '' (cursor.ts).
   */
  nullsLast?: boolean
}

const createdAt = sql`${talents.createdAt}`
const lowerName = sql`lower(${talents.fullName})`
const area = sql`${talents.areaOfInterest}`

const byCreatedAt = {
  key: createdAt,
  // ISO 8601 in UTC with microseconds, whatever the server's DateStyle and TimeZone.
  keyText: sql`to_char(${talents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  castBack: (key: string) => sql`${key}::timestamptz`,
}
const byName = { key: lowerName, keyText: lowerName, castBack: (key: string) => sql`${key}` }
const byArea = { key: area, keyText: area, castBack: (key: string) => sql`${key}` }

// spec section 9 sort options. Ties break on id in the same direction, so one btree serves both
// directions (scanned backwards) and a row comparison continues a page exactly.
export const SORTS: Record<TalentSort, SortSpec> = {
  newest: { ...byCreatedAt, direction: 'desc' },
  oldest: { ...byCreatedAt, direction: 'asc' },
  name_asc: { ...byName, direction: 'asc' },
  name_desc: { ...byName, direction: 'desc' },
  area_asc: { ...byArea, direction: 'asc' },
  area_desc: { ...byArea, direction: 'desc' },
}

/**
 * Relevance: the rank (search-sql.ts rankExpression, a float8) descending, newest id first among
 * equals. The rank travels as the database prints it (shortest exact form) and is read back as is.
 */
export function relevanceSpec(rank: SQL): SortSpec {
  return {
    key: rank,
    keyText: sql`(${rank})::text`,
    castBack: (key: string) => sql`${key}::float8`,
    direction: 'desc',
  }
}

/** A custom number or date field the list is sorted by (list-plan.ts checked it). */
export type SortField = { key: string; type: 'number' | 'date'; direction: 'asc' | 'desc' }

/**
 * By a custom field's value, nulls last, id breaking ties: the field's expression indexes
 * (fields/field-indexes.ts) are built in exactly this order, one per direction.
 */
export function fieldSortSpec({ key, type, direction }: SortField): SortSpec {
  const value = fieldSortExpression(key, type)
  return {
    key: value,
    keyText: sql`coalesce((${value})::text, '')`,
    castBack: (text: string) =>
      type === 'number' ? sql`${text}::numeric` : sql`(${text}::text collate "C")`,
    direction,
    nullsLast: true,
  }
}

/**
 * How a list in `order` sorts; `rank` is the query's rank (relevance falls back to the default),
 * `field` the custom field of a `field.<key>.<direction>` order.
 */
export function orderSpec(order: ListOrder, rank: SQL | undefined, field?: SortField): SortSpec {
  if (field) return fieldSortSpec(field)
  if (order === 'relevance') return rank ? relevanceSpec(rank) : SORTS[DEFAULT_SORT]
  return order in SORTS ? SORTS[order as TalentSort] : SORTS[DEFAULT_SORT]
}

export function talentOrderBy(spec: SortSpec): SQL[] {
  const dir = spec.direction === 'asc' ? sql`asc` : sql`desc`
  if (spec.nullsLast) return [sql`${spec.key} ${dir} nulls last`, sql`${talents.id} ${dir}`]
  const by = spec.direction === 'asc' ? asc : desc
  return [by(spec.key), by(talents.id)]
}

/** Rows strictly after the cursor in the order's direction (keyset paging). */
export function afterCursor(spec: SortSpec, cursor: TalentCursor): SQL {
  const op = spec.direction === 'asc' ? sql`>` : sql`<`
  if (spec.nullsLast && cursor.key === '') {
    return sql`(${spec.key} is null and ${talents.id} ${op} ${cursor.id})`
  }
  const after = sql`(${spec.key}, ${talents.id}) ${op} (${spec.castBack(cursor.key)}, ${cursor.id})`
  return spec.nullsLast ? sql`(${after} or ${spec.key} is null)` : after
}
