import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { CountryCode } from 'libphonenumber-js'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { PairCollector, type Pair, type PairHits } from './group-pairs.ts'
import { refreshPhoneKeys } from './phone-keys.ts'
import { NAME_SIMILARITY, RULE_SCORES, similarNameScore } from './rules.ts'
import { allowLongStatements } from '../db/long-statements.ts'

/**
 * Each query looks up the partners of a range of ids sized to take about QUERY_MS: on the embedded
 * engine a query holds the only thread, so a scan's query is a request's wait (a fixed 1,000 ids
 * took ~0.2 s and pushed the list's p99 under a CV import from 53 to 173 ms, bench:cv-import).
 */
const QUERY_MS = 20
const FIRST_CHUNK = 100
const MIN_CHUNK = 10
const MAX_CHUNK = 20_000

/** The next range's size from the last one's: toward QUERY_MS, growing at most 4× a step. */
export function nextChunkSize(size: number, elapsedMs: number): number {
  const scaled = Math.round((size * QUERY_MS) / Math.max(elapsedMs, 1))
  return Math.max(MIN_CHUNK, Math.min(scaled, size * 4, MAX_CHUNK))
}

/**
 * The rules (the same as the check, check.ts) for the talents with ids in [from, to), each a
 * lookup per talent on an indexed key of a later talent, so a chunk costs the same wherever it
 * is in the pool. The chunk is read once, by its id range (MATERIALIZED): reading it per rule let
 * the planner walk the whole phone index for the range's phones (70,000 entries, ~0.3 s a chunk
 * however small; a 100,000-talent scan took 521 s). `OFFSET 0` keeps each lookup apart:
 * otherwise the planner hashes the whole table per chunk or ANDs the area btree into a bitmap.
 * Same e-mail cannot happen: the unique index refuses it.
 */
export function chunkQuery(from: number, to: number): SQL {
  return sql`
  WITH a AS MATERIALIZED (
    SELECT id, email, full_name, area_of_interest, phone_e164, linkedin_key FROM talents
    WHERE id >= ${from} AND id < ${to}
  ),
  pairs AS (
    SELECT a.id AS low, b.id AS high, 'same phone number' AS reason, ${RULE_SCORES.phone}::float8 AS score
    FROM a CROSS JOIN LATERAL (
      SELECT b.id FROM talents b WHERE b.phone_e164 = a.phone_e164 AND b.phone_e164 <> '' OFFSET 0
    ) b
    WHERE a.phone_e164 <> '' AND b.id > a.id
    UNION ALL
    SELECT a.id, b.id, 'same LinkedIn profile', ${RULE_SCORES.linkedin}::float8
    FROM a CROSS JOIN LATERAL (
      SELECT b.id FROM talents b WHERE b.linkedin_key = a.linkedin_key OFFSET 0
    ) b
    WHERE a.linkedin_key IS NOT NULL AND b.id > a.id
    UNION ALL
    SELECT a.id, b.id, 'same name and e-mail name', ${RULE_SCORES.nameAndEmailName}::float8
    FROM a CROSS JOIN LATERAL (
      SELECT b.id, b.email FROM talents b
      WHERE talent_name_key(b.full_name) = talent_name_key(a.full_name) OFFSET 0
    ) b
    WHERE b.id > a.id AND talent_email_local(b.email) = talent_email_local(a.email)
    UNION ALL
    SELECT a.id, b.id, 'similar name in the same area',
      ${similarNameScore(sql`similarity(a.full_name, b.full_name)`)}
    FROM a CROSS JOIN LATERAL (
      SELECT b.id, b.full_name, b.area_of_interest FROM talents b
      WHERE b.id IN (SELECT n.talent_id FROM name_blocks n
        WHERE n.block = ANY(talent_name_blocks(a.area_of_interest, a.full_name))) OFFSET 0
    ) b
    WHERE b.id > a.id AND b.area_of_interest = a.area_of_interest
      AND similarity(a.full_name, b.full_name) >= ${NAME_SIMILARITY}
  )
  SELECT low, high, reason, score FROM pairs p
  WHERE NOT EXISTS (
    SELECT 1 FROM duplicate_dismissals d WHERE d.low_id = p.low AND d.high_id = p.high
  )`
}

/** Pairs one scan keeps at most: a pool this duplicated needs merging before more help. */
const MAX_PAIRS = 50_000

/**
 * Every pair a rule joins across the pool, with each rule that holds for it, without pairs marked
 * 'Not duplicates', phone keys refreshed first. It runs range by range and gives the event loop a
 * turn between them.
 */
export async function findDuplicatePairs(
  db: Db,
  region: CountryCode | undefined,
): Promise<PairHits[]> {
  await refreshPhoneKeys(db, region)
  const [range] = await rawRows<{ min: number | null; max: number | null }>(
    db,
    sql`SELECT min(id) AS min, max(id) AS max FROM talents`,
  )
  const pairs = new PairCollector()
  if (range?.min == null || range.max == null) return []
  let size = FIRST_CHUNK
  for (let from = range.min; from <= range.max && pairs.size < MAX_PAIRS;) {
    const to = from + size
    const started = performance.now()
    const rows = await db.transaction(async (tx) => {
      await allowLongStatements(tx) // security rule 43: past a request's limit
      // The planner prices a chunk far above jit_above_cost (it cannot know each lookup finds one
      // row), and PostgreSQL spent ~0.6 s compiling every chunk: 87 s of a 100,000-talent scan.
      await tx.execute(sql`SET LOCAL jit = off`)
      return rawRows<Pair>(tx, chunkQuery(from, to))
    })
    size = nextChunkSize(size, performance.now() - started)
    from = to
    await pairs.add(rows)
    await yieldToEventLoop()
  }
  return pairs.pairs()
}
