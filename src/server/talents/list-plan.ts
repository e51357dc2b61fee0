import { and, eq, sql, type SQL } from 'drizzle-orm'
import { parseQuery } from '#shared/search/parse-query.ts'
import type { TextTerm } from '#shared/search/find-hits.ts'
import type { TalentListQuery } from '#shared/talent-list-query.ts'
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
  type SortSpec,
  type TalentFilter,
} from './where.ts'

/**
 * A list request as a plan (filter, order, the words it is ranked by) and the SQL of its pages:
 * shared by the dashboard's list (list.ts) and the export (export-rows.ts).
 */

export function filterOf(query: TalentListQuery): TalentFilter {
  const { areaOfInterest, seniorityLevel, tag, status, addedBy, search, q } = query
  const { consent, informed, source } = query
  const parsed = q === undefined ? undefined : parseQuery(q)
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
  }
}

/** What a request's rows are filtered, ordered and explained (`match`) by. */
export type ListPlan = {
  filter: TalentFilter
  order: ListOrder
  terms: TextTerm[]
  /** Security rule 65: private custom fields the caller may not see. */
  hiding?: FieldHiding
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
  ids?: readonly number[],
  hiding?: FieldHiding,
): ListPlan {
  const filter = { ...filterOf(query), ids }
  const order = listOrder(query.sort, filter.query)
  const terms = filter.query ? rankTerms(filter.query) : []
  return { filter, order, terms, hiding }
}

export function resolvedPlan(
  plan: ListPlan,
  corrections: Corrections,
  rankWithin?: number,
): ResolvedPlan {
  const spec = orderSpec(plan.order, rankExpression(plan.terms, corrections))
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
  pageSize: number,
  corrections: Corrections,
  ids?: readonly number[],
  hiding?: FieldHiding,
) {
  const plan = resolvedPlan(planOf(query, ids, hiding), corrections)
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
