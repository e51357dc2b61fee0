import { and, count, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { talentSchema, type Talent, type TalentListQuery } from '#shared/talent.ts'
import type { Db } from '../db/open.ts'
import { talents, users } from '../db/schema.ts'
import { preparedRows } from '../db/prepared-rows.ts'
import { cachedCount } from '../cache/count-cache.ts'
import { cachedPage, type CachedPage } from '../cache/page-cache.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'
import { talentJsonText } from './talent-json.ts'
import { afterCursor, SORTS, talentOrderBy, talentWhere, type TalentFilter } from './where.ts'

/**
 * The cap for a bare GET /api/talents without `limit` (issue 3): the spec's client downloads
 * every talent, which at 100k rows costs seconds and 38 MB (STACK.md), so it gets at most this
 * many, with X-Next-Cursor to continue.
 */
export const MAX_LIST_ROWS = 10_000
/**
 * SECURITY.md 31: and at most this many bytes of JSON (4 bare calls over 3,000 talents with long
 * notes were 61 MB each and froze the server); X-Next-Cursor continues where it stopped.
 */
export const MAX_LIST_BYTES = 8 * 1024 * 1024
/** A long page is read in chunks of this many rows, so it stops reading at the byte cap. */
const CHUNK_ROWS = 500

/** A page as the route sends it: the JSON array text, built by the database (talent-json.ts). */
/** A page as the route sends it: the cached page (JSON built by the database) and the total. */
export type TalentPageJson = { page: CachedPage; total: number }

export type TalentPage = { rows: Talent[]; nextCursor: string | undefined; total: number }

export function filterOf(query: TalentListQuery): TalentFilter {
  const { areaOfInterest, seniorityLevel, tag, status, addedBy, search } = query
  return { areaOfInterest, seniorityLevel, tag, status, addedBy, search }
}

/** A stable cache key: the same filter in any key order or case of e-mail maps to one entry. */
function filterKey(filter: TalentFilter): string {
  return JSON.stringify([
    filter.areaOfInterest,
    filter.seniorityLevel,
    filter.tag,
    filter.status,
    filter.addedBy?.toLowerCase(),
    filter.search?.toLowerCase(),
  ])
}

/** The count behind X-Total-Count (exported so bench/explain.ts explains the same SQL). */
export function countQuery(db: Db, filter: TalentFilter) {
  return db.select({ n: count() }).from(talents).where(talentWhere(filter))
}

/** The total for a filter, counted once per data version, not per page (STACK.md). */
export async function countTalents(
  db: Db,
  filter: TalentFilter,
  dataVersion: number | undefined,
): Promise<number> {
  return cachedCount(db, dataVersion, filterKey(filter), async () => {
    const [row] = await countQuery(db, filter)
    return row?.n ?? 0
  })
}

type PageRow = { id: number; json: string; sort_key: string }

/** One page's SQL: filter, keyset condition, sort with id tiebreak, one row extra to see more. */
export function pageQuery(db: Db, query: TalentListQuery, pageSize: number) {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort)
  // The sort key travels as the database prints it: JS Dates would lose created_at's microseconds.
  // Aliased, because listTalentsJson reads the rows by column name, without drizzle's mapping.
  return db
    .select({
      id: talents.id,
      json: talentJsonText.as('json'),
      sortKey: sql<string>`${SORTS[query.sort].keyText}`.as('sort_key'),
    })
    .from(talents)
    .leftJoin(users, eq(users.id, talents.addedById))
    .where(and(talentWhere(filterOf(query)), cursor ? afterCursor(cursor) : undefined))
    .orderBy(...talentOrderBy(query.sort))
    .limit(pageSize + 1)
}

export type ListOptions = {
  /** The cap when the caller gave no `limit` (MAX_LIST_ROWS). */
  maxRows?: number
  /** The cap on a page's JSON bytes (MAX_LIST_BYTES; tests make it smaller). */
  maxBytes?: number
  /** The viewer's data version: pages are then cached under it (page-cache.ts). */
  dataVersion?: number
  /** How many pages the cache keeps (config TALENT_PAGE_CACHE; 0 turns it off). */
  cachedPages?: number
}

/**
 * Up to `pageSize` rows and `maxBytes` of JSON: one query for a normal page, chunks of CHUNK_ROWS
 * (each continuing from the last row, as a client would) for a long one, until either cap.
 */
async function loadPage(
  db: Db,
  query: TalentListQuery,
  pageSize: number,
  maxBytes: number,
): Promise<CachedPage> {
  const page: PageRow[] = []
  let bytes = 2 // the brackets
  let cursor = query.cursor
  let more = false
  read: for (;;) {
    const want = Math.min(CHUNK_ROWS, pageSize - page.length)
    const rows = await preparedRows<PageRow>(db, pageQuery(db, { ...query, cursor }, want).getSQL())
    for (const row of rows.slice(0, want)) {
      const size = Buffer.byteLength(row.json) + 1
      if (page.length > 0 && bytes + size > maxBytes) {
        more = true
        break read
      }
      page.push(row)
      bytes += size
    }
    more = rows.length > want
    const last = page.at(-1)
    if (!more || page.length >= pageSize || !last) break
    cursor = encodeCursor({ sort: query.sort, key: last.sort_key, id: last.id })
  }
  const last = page.at(-1)
  const nextCursor =
    more && last ? encodeCursor({ sort: query.sort, key: last.sort_key, id: last.id }) : undefined
  return { json: `[${page.map((row) => row.json).join(',')}]`, rowCount: page.length, nextCursor }
}

/**
 * One page of talents, filtered, sorted and keyset-paged in SQL (issue 3), as JSON text. `limit`
 * rows, or up to `maxRows` when the caller gave none; `nextCursor` is set when more rows follow.
 */
export async function listTalentsJson(
  db: Db,
  query: TalentListQuery,
  {
    maxRows = MAX_LIST_ROWS,
    maxBytes = MAX_LIST_BYTES,
    dataVersion,
    cachedPages,
  }: ListOptions = {},
): Promise<TalentPageJson> {
  const pageSize = Math.min(query.limit ?? maxRows, maxRows)
  const filter = filterOf(query)
  const load = () => loadPage(db, query, pageSize, maxBytes)
  const key = `${query.sort}|${pageSize}|${query.cursor ?? ''}|${filterKey(filter)}`
  const page =
    dataVersion === undefined
      ? await load()
      : await cachedPage(db, dataVersion, key, load, cachedPages)
  return { page, total: await countTalents(db, filter, dataVersion) }
}

/** The same page as objects, checked against the API schema (tests, scripts). */
export async function listTalents(
  db: Db,
  query: TalentListQuery,
  options: ListOptions = {},
): Promise<TalentPage> {
  const { page, total } = await listTalentsJson(db, query, options)
  const rows = z.array(talentSchema).parse(JSON.parse(page.json))
  return { rows, nextCursor: page.nextCursor, total }
}
