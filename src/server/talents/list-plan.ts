import { and, eq, sql, type SQL } from 'drizzle-orm'
import { parseQuery } from '#shared/search/parse-query.ts'
import type { TextTerm } from '#shared/search/find-hits.ts'
import {
  FIELD_PARAM,
  fieldParams,
  isFieldSort,
  type TalentListQuery,
} from '#shared/talent-list-query.ts'
import type { FieldDefinition } from '#shared/fields.ts'
import {
  parseFieldParam,
  unknownFilterFieldMessage,
  type FieldFilter,
} from '#shared/search/custom-terms.ts'
import { BadRequestError } from '../errors.ts'
import type { Db } from '../db/open.ts'
import { talents, users } from '../db/schema.ts'
import type { Corrections } from '../search/corrections.ts'
import { rankCandidates, rankExpression, rankTerms } from '../search/search-sql.ts'
import { decodeCursor, UNRANKED, type TalentCursor } from './cursor.ts'
import { listOrder, type ListOrder } from './list-order.ts'
import { talentJson, type FieldHiding } from './talent-json.ts'
import {
  afterCursor,
  orderSpec,
  relevanceSpec,
  talentOrderBy,
  talentWhere,
  type SortField,
  type SortSpec,
  type TalentFilter,
} from './where.ts'

/**
 * A list request as a plan (filter, order, the words it is ranked by) and the SQL of its pages:
 * shared by the dashboard's list (list.ts) and the export (export-rows.ts).
 */

const badParam = (param: string, message: string) =>
  new BadRequestError(message, { [param]: [message] })

/**
 * The `field.<key>=…` parameters as filters. Security rule 65: `fields` are the custom fields the
 * caller may see; any other key is unknown to them (400), as is any other parameter.
 */
function fieldFiltersOf(query: TalentListQuery, fields: readonly FieldDefinition[]) {
  const filters: FieldFilter[] = []
  for (const [param, value] of fieldParams(query)) {
    const key = FIELD_PARAM.exec(param)?.[1]
    if (key === undefined) throw badParam(param, `Unrecognized parameter: ${param}`)
    const field = fields.find((f) => f.key === key)
    if (field === undefined) throw badParam(param, unknownFilterFieldMessage(key))
    if (typeof value !== 'string') {
      throw badParam(param, `Filter ${key} must be given once (separate values with commas)`)
    }
    const parsed = parseFieldParam(field, value)
    if ('error' in parsed) throw badParam(param, parsed.error)
    filters.push(...parsed.filters)
  }
  return filters.length > 0 ? filters : undefined
}

/**
 * The filter of a list request. `fields`: the custom fields the caller may see (security rule
 * 65; talents/searchable-fields.ts): their keys are field terms of `q` and `field.<key>`
 * parameters; a private field's key is neither for anyone else (in `q` it is plain words).
 */
export function filterOf(query: TalentListQuery, fields: readonly FieldDefinition[]): TalentFilter {
  const { areaOfInterest, seniorityLevel, tag, status, addedBy, search, q } = query
  const { consent, informed, source } = query
  const parsed = q === undefined ? undefined : parseQuery(q, fields)
  const searched = parsed && parsed.clauses.length > 0 ? parsed : undefined
  const privacy = { consent, informed, source }
  return {
    areaOfInterest,
    seniorityLevel,
    tag,
    status,
    addedBy,
    search,
    ...privacy,
    query: searched,
    fields: fieldFiltersOf(query, fields),
  }
}

/** The custom field a `field.<key>.<direction>` sort names: a number or date field the caller sees. */
function sortFieldOf(
  query: TalentListQuery,
  fields: readonly FieldDefinition[],
): SortField | undefined {
  const sort = query.sort
  if (sort === undefined || !isFieldSort(sort)) return undefined
  const [, key = '', direction] = sort.split('.')
  const field = fields.find((f) => f.key === key)
  if (field === undefined) throw badParam('sort', unknownFilterFieldMessage(key))
  if (field.type !== 'number' && field.type !== 'date') {
    throw badParam('sort', `Only number and date fields sort the list; ${field.label} is neither`)
  }
  return { key, type: field.type, direction: direction === 'asc' ? 'asc' : 'desc' }
}

/** What a request's rows are filtered, ordered and explained (`match`) by. */
export type ListPlan = {
  filter: TalentFilter
  order: ListOrder
  terms: TextTerm[]
  /** Security rule 65: private custom fields the caller may not see. */
  hiding?: FieldHiding
  /** The custom field of a `field.<key>.<direction>` sort. */
  sortField?: SortField
}

/**
 * A plan with its typo corrections looked up, ready to become SQL. `rankWithin`: a broad query is
 * ranked among that many candidates (pageSql).
 */
export type ResolvedPlan = ListPlan & {
  corrections: Corrections
  spec: SortSpec
  rankWithin?: number
}

export function planOf(
  query: TalentListQuery,
  fields: readonly FieldDefinition[],
  ids?: readonly number[],
  hiding?: FieldHiding,
): ListPlan {
  const filter = { ...filterOf(query, fields), ids }
  const order = listOrder(query.sort, filter.query)
  const terms = filter.query ? rankTerms(filter.query) : []
  return { filter, order, terms, hiding, sortField: sortFieldOf(query, fields) }
}

export function resolvedPlan(
  plan: ListPlan,
  corrections: Corrections,
  rankWithin?: number,
): ResolvedPlan {
  const spec = orderSpec(plan.order, rankExpression(plan.terms, corrections), plan.sortField)
  return { ...plan, corrections, spec, rankWithin }
}

export type PageRow = { id: number; json: string; sort_key: string }

/**
 * One page's SQL: filter, keyset condition, sort with id tiebreak, one row extra to see more.
 * `corrections`: the query's typo corrections (lookUpCorrections, once for every page an export
 * reads). `ids` narrows it to a hand-picked selection (the selection's export).
 */
export function pageQuery(
  db: Db,
  query: TalentListQuery,
  fields: readonly FieldDefinition[],
  pageSize: number,
  corrections: Corrections,
  ids?: readonly number[],
  hiding?: FieldHiding,
) {
  const plan = resolvedPlan(planOf(query, fields, ids, hiding), corrections)
  return planPageQuery(db, plan, query.cursor, pageSize)
}

const cursorOf = (plan: ResolvedPlan, cursorText: string | undefined) =>
  cursorText === undefined ? undefined : decodeCursor(cursorText, plan.order)

function planPageQuery(
  db: Db,
  plan: ResolvedPlan,
  cursorText: string | undefined,
  pageSize: number,
) {
  const cursor = cursorOf(plan, cursorText)
  const where = talentWhere(plan.filter, plan.corrections)
  return pageSelect(db, plan.spec, where, cursor, pageSize, plan.hiding)
}

/** One page's rows in `spec`'s order among those `where` holds for, after `cursor`. */
function pageSelect(
  db: Db,
  spec: SortSpec,
  where: SQL | undefined,
  cursor: TalentCursor | undefined,
  pageSize: number,
  hiding: FieldHiding | undefined,
) {
  // The sort key travels as the database prints it: JS Dates would lose created_at's microseconds.
  // Aliased, because listTalentsJson reads the rows by column name, without drizzle's mapping.
  return db
    .select({
      id: talents.id,
      json: talentJson(hiding).as('json'),
      sortKey: sql<string>`${spec.keyText}`.as('sort_key'),
    })
    .from(talents)
    .leftJoin(users, eq(users.id, talents.addedById))
    .where(and(where, cursor ? afterCursor(spec, cursor) : undefined))
    .orderBy(...talentOrderBy(spec))
    .limit(pageSize + 1)
}

/**
 * A page's SQL. A broad query (plan.rankWithin) ranks only its candidates (rankCandidates);
 * the rest of its matches follow them, newest first, so paging still reaches every match. Both
 * parts are keyset-paged by the same cursor: the rest carry the rank UNRANKED.
 */
export function pageSql(
  db: Db,
  plan: ResolvedPlan,
  cursorText: string | undefined,
  pageSize: number,
): SQL {
  if (plan.rankWithin === undefined) return planPageQuery(db, plan, cursorText, pageSize).getSQL()
  const cursor = cursorOf(plan, cursorText)
  const where = talentWhere(plan.filter, plan.corrections)
  const { newest, named } = rankCandidates(where, plan.terms, plan.rankWithin)
  const candidates = sql`(select id from rank_candidates)`
  // The candidates are matches already: only the rest are tested against the query.
  const inCandidates = sql`${talents.id} in ${candidates}`
  const ranked = pageSelect(db, plan.spec, inCandidates, cursor, pageSize, plan.hiding)
  // The rest are older than every newest match (when there are fewer, there is no rest).
  const unranked = sql`${talents.id} < (select min(id) from newest_matches)
    and ${talents.id} not in ${candidates}`
  const restSpec = relevanceSpec(sql`${UNRANKED}::float8`)
  const rest = pageSelect(db, restSpec, and(where, unranked), cursor, pageSize, plan.hiding)
  const pastRanked = cursor !== undefined && Number(cursor.key) <= UNRANKED
  const parts = pastRanked ? sql`(${rest})` : sql`(${ranked}) union all (${rest})`
  const all = named
    ? sql`select id from newest_matches union (${named})`
    : sql`select id from newest_matches`
  return sql`with newest_matches as materialized (${newest}),
      rank_candidates as materialized (${all})
    select id, json, sort_key from (${parts}) page
    order by sort_key::float8 desc, id desc limit ${pageSize + 1}`
}
