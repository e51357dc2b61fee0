import { z } from 'zod'
import { talentSchema, type Talent } from '#shared/talent.ts'
import type { TalentListQuery } from '#shared/talent-list-query.ts'
import type { FieldDefinition } from '#shared/fields.ts'
import type { Db } from '../db/open.ts'
import { preparedRows } from '../db/prepared-rows.ts'
import { cachedPage, type CachedPage } from '../cache/page-cache.ts'
import { noteAsked } from '../cache/refresh-ahead.ts'
import { itemsWithMatches } from '../search/page-matches.ts'
import { lookUpCorrections, type Corrections } from '../search/corrections.ts'
import { countTalents, filterKey, listTotal, type ListTotal } from './count.ts'
import { encodeCursor } from './cursor.ts'
import {
  pageSql,
  planOf,
  resolvedPlan,
  type ListPlan,
  type PageRow,
  type ResolvedPlan,
} from './list-plan.ts'
import { hidingKey, type FieldHiding } from './talent-json.ts'
import type { SearchGate } from '../search/search-gate.ts'

/**
 * The cap for a bare GET /api/talents without `limit`: the spec's client downloads
 * every talent, which at 100k rows costs seconds and 38 MB, so it gets at most this
 * many, with X-Next-Cursor to continue.
 */
export const MAX_LIST_ROWS = 10_000
/**
 * Security rule 31: and at most this many bytes of JSON (4 bare calls over 3,000 talents with long
 * notes were 61 MB each and froze the server); X-Next-Cursor continues where it stopped.
 */
export const MAX_LIST_BYTES = 8 * 1024 * 1024
/**
 * Security rule 31 and decision 025: a long page is read in queries of about this many bytes of
 * JSON. A query's rows arrive and are parsed in one go, so this bounds both the memory one query
 * holds and the time one message takes to handle; between queries the event loop serves others
 * (decision 029).
 */
export const CHUNK_BYTES = 256 * 1024
/** The first query's rows, before any row's size is known: the dashboard's page is one query. */
const FIRST_CHUNK_ROWS = 50
/** A query reads at most this many times the rows of the one before (rows may grow longer). */
const CHUNK_GROWTH = 4

/** A page as the route sends it: the cached page (JSON built by the database) and the total. */
export type TalentPageJson = { page: CachedPage } & ListTotal

export type TalentPage = { rows: Talent[]; nextCursor: string | undefined } & ListTotal

export type ListOptions = {
  /** The cap when the caller gave no `limit` (MAX_LIST_ROWS). */
  maxRows?: number
  /** The cap on a page's JSON bytes (MAX_LIST_BYTES; tests make it smaller). */
  maxBytes?: number
  /** The viewer's data version: pages are then cached under it (page-cache.ts). */
  dataVersion?: number
  /** How many pages the cache keeps (config TALENT_PAGE_CACHE; 0 turns it off). */
  cachedPages?: number
  /**
   * Totals up to this many are exact; a broader filter's may be the planner's estimate
   * (count.ts listTotal; config COUNT_EXACT_UP_TO). Unset: always exact (scripts, tests).
   */
  exactCountUpTo?: number
  /**
   * A query with more matches than exactCountUpTo is ranked among this many candidates
   * (RANK_CANDIDATES; search-sql.ts rankCandidates). Unset with exactCountUpTo: all are ranked.
   */
  rankWithin?: number
  /**
   * Security rule 43: searches take turns through it and answer 503 past its deadline
   * (search/search-gate.ts). Unset: no gate (scripts, tests of the list itself).
   */
  searchGate?: SearchGate
  /** Security rule 65: private custom fields the caller may not see (talent-json.ts). */
  fieldHiding?: FieldHiding
  /** Security rule 65: the custom fields the caller may filter and sort by (none: unset). */
  fields?: readonly FieldDefinition[]
}

/**
 * How many of a broad query's newest matches (and of its name and e-mail hits) are ranked. At
 * 1,000,000 talents on PostgreSQL a word in 200,000 of them took 75-95 ms a page so, against
 * 1.4-2.7 s ranked in full; 10,000 took 150-170 ms (docs/performance.md).
 */
export const RANK_CANDIDATES = 5_000

/**
 * How many rows the next query reads: about CHUNK_BYTES at the bytes per row seen so far (the
 * larger of the whole page's and the last query's average, so longer rows shrink it at once).
 */
function nextChunkRows(
  read: { rows: number; bytes: number },
  last: { rows: number; bytes: number },
): number {
  if (read.rows === 0 || last.rows === 0) return FIRST_CHUNK_ROWS
  const bytesPerRow = Math.max(read.bytes / read.rows, last.bytes / last.rows)
  return Math.max(1, Math.min(Math.floor(CHUNK_BYTES / bytesPerRow), last.rows * CHUNK_GROWTH))
}

/**
 * Up to `pageSize` rows and `maxBytes` of JSON, read in queries of about CHUNK_BYTES (each
 * continuing from the last row, as a client would) until either cap: one query for a page of
 * FIRST_CHUNK_ROWS, several for a long one.
 */
async function loadPage(
  db: Db,
  plan: ResolvedPlan,
  firstCursor: string | undefined,
  pageSize: number,
  maxBytes: number,
): Promise<CachedPage> {
  // The array text as pieces ('[', row, ',', row, …) joined once at the end: one copy of 8 MB.
  const pieces: string[] = []
  const read = { rows: 0, bytes: 2 } // the brackets
  let last: PageRow | undefined
  let lastChunk = { rows: 0, bytes: 0 }
  let more = false
  reading: for (;;) {
    const want = Math.min(nextChunkRows(read, lastChunk), pageSize - read.rows)
    const cursor = last
      ? encodeCursor({ sort: plan.order, key: last.sort_key, id: last.id })
      : firstCursor
    const chunk = pageSql(db, plan, cursor, want)
    const rows = await preparedRows<PageRow>(db, chunk)
    const items = await itemsWithMatches(db, plan.terms, rows.slice(0, want))
    lastChunk = { rows: 0, bytes: 0 }
    for (const [i, json] of items.entries()) {
      const row = rows[i]
      if (!row) break
      const size = Buffer.byteLength(json) + 1
      if (read.rows > 0 && read.bytes + size > maxBytes) {
        more = true
        break reading
      }
      pieces.push(read.rows === 0 ? '[' : ',', json)
      read.rows += 1
      read.bytes += size
      lastChunk.rows += 1
      lastChunk.bytes += size
      last = row
    }
    more = rows.length > want
    if (!more || read.rows >= pageSize) break
  }
  pieces.push(read.rows === 0 ? '[]' : ']')
  const nextCursor =
    more && last ? encodeCursor({ sort: plan.order, key: last.sort_key, id: last.id }) : undefined
  return { json: pieces.join(''), rowCount: read.rows, nextCursor }
}

/**
 * One page of talents, filtered, sorted and keyset-paged in SQL, as JSON text. `limit`
 * rows, or up to `maxRows` when the caller gave none; `nextCursor` is set when more rows follow.
 * A page cached per data version is noted for refresh-ahead (cache/refresh-ahead.ts).
 */
export async function listTalentsJson(
  db: Db,
  query: TalentListQuery,
  options: ListOptions = {},
): Promise<TalentPageJson> {
  const { dataVersion, cachedPages, maxRows = MAX_LIST_ROWS } = options
  // Parsed once: the plan serves the refresh-ahead key and the page.
  const plan = planOf(query, options.fields ?? [], undefined, options.fieldHiding)
  if (dataVersion !== undefined && (cachedPages === undefined || cachedPages > 0)) {
    noteAsked(db, `list|${pageKey(plan, pageSizeOf(query, maxRows), query)}`, (version) =>
      readPageJson(db, query, plan, { ...options, dataVersion: version }),
    )
  }
  return readPageJson(db, query, plan, options)
}

/**
 * A page of a search goes through the gate (refresh-ahead's reloads too: they read the same
 * options); a list without one (the newest page, filters) never waits for searches.
 */
function readPageJson(
  db: Db,
  query: TalentListQuery,
  plan: ListPlan,
  options: ListOptions = {},
): Promise<TalentPageJson> {
  const isSearch = plan.filter.query !== undefined || plan.filter.search !== undefined
  const read = () => readPageJsonNow(db, query, plan, options)
  return isSearch && options.searchGate ? options.searchGate.run(read) : read()
}

const pageSizeOf = (query: TalentListQuery, maxRows: number) =>
  Math.min(query.limit ?? maxRows, maxRows)

const pageKey = (plan: ListPlan, pageSize: number, query: TalentListQuery) =>
  `${plan.order}|${pageSize}|${query.cursor ?? ''}|${filterKey(plan.filter)}${hidingKey(plan.hiding)}`

async function readPageJsonNow(
  db: Db,
  query: TalentListQuery,
  plan: ListPlan,
  {
    maxRows = MAX_LIST_ROWS,
    maxBytes = MAX_LIST_BYTES,
    dataVersion,
    cachedPages,
    exactCountUpTo,
    rankWithin = RANK_CANDIDATES,
  }: ListOptions = {},
): Promise<TalentPageJson> {
  const pageSize = pageSizeOf(query, maxRows)
  // The corrections are looked up at most once a request, and only if the page or the count is
  // not cached; both then carry them as constants.
  let corrections: Promise<Corrections> | undefined
  const lookUp = () => (corrections ??= lookUpCorrections(db, plan.filter.query))
  // The total first: it says whether the query is broad enough to rank only some of its matches.
  const total =
    exactCountUpTo === undefined
      ? { total: await countTalents(db, plan.filter, dataVersion, lookUp), isEstimated: false }
      : await listTotal(db, plan.filter, dataVersion, lookUp, exactCountUpTo)
  const isBroad = exactCountUpTo !== undefined && total.total > exactCountUpTo
  const within = plan.order === 'relevance' && isBroad ? rankWithin : undefined
  const load = async () =>
    loadPage(db, resolvedPlan(plan, await lookUp(), within), query.cursor, pageSize, maxBytes)
  const page =
    dataVersion === undefined
      ? await load()
      : await cachedPage(db, dataVersion, pageKey(plan, pageSize, query), load, cachedPages)
  return { page, ...total }
}

/** The same page as objects, checked against the API schema (tests, scripts). */
export async function listTalents(
  db: Db,
  query: TalentListQuery,
  options: ListOptions = {},
): Promise<TalentPage> {
  const { page, ...total } = await listTalentsJson(db, query, options)
  const rows = z.array(talentSchema).parse(JSON.parse(page.json))
  return { rows, nextCursor: page.nextCursor, ...total }
}
