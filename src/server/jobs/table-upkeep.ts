import { sql } from 'drizzle-orm'
import { executeLong } from '../db/long-statements.ts'
import type { Db } from '../db/open.ts'
import type { JobHandler } from './runner.ts'

/**
 * The job kind: VACUUM and ANALYZE of talents and their name blocks after a large write (an
 * import, its undo, a bulk action).
 */
export const TABLE_UPKEEP = 'db.upkeep'

/** Rows a write must touch before it queues upkeep: small edits leave it to the next big one. */
export const UPKEEP_AFTER_ROWS = 1_000

/**
 * Queues one upkeep ten seconds from now, unless one is queued already: a burst of batches (an
 * import writes hundreds) shares it. In the caller's transaction, so it is queued with the write.
 */
export async function queueTableUpkeep(tx: Db): Promise<void> {
  await tx.execute(sql`
    INSERT INTO jobs (kind, payload, max_attempts, run_at)
    SELECT ${TABLE_UPKEEP}, '{}'::jsonb, 1, now() + interval '10 seconds'
    WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${TABLE_UPKEEP} AND state = 'queued')`)
}

/**
 * The embedded engine runs no autovacuum and gathers no statistics, so without this every row an
 * import or an undo rewrote stayed in the indexes for good (a name lookup after a 20,000-row undo
 * took 9.6 ms, 0.08 ms after VACUUM) and the planner's estimates (estimated totals, plans) never
 * moved past the seed. PostgreSQL's autovacuum gets there a minute or more later, or never where it
 * is turned off: a spreadsheet imported again right after the undo of a 99,000-row import ran its
 * dry run's name check through 113,000 dead rows for over 15 minutes (docs/performance.md).
 * So it vacuums on both engines, in the background, as soon as the large write is done.
 */
export function tableUpkeepJob(db: Db): JobHandler {
  return async () => {
    // name_blocks (migration 0028) follows talents: an import writes ~2 rows a talent there, and
    // its undo leaves them dead in the index the duplicate check probes.
    // Security rule 43: on a large pool it runs past a request's statement limit.
    await executeLong(db, sql`VACUUM (ANALYZE) talents, name_blocks`)
  }
}

/**
 * For a write of UPKEEP_AFTER_ROWS or more, which queues upkeep: its new GIN entries (tags, search
 * words, name trigrams) stay in each index's pending list instead of being merged into the index
 * while the request waits; the upkeep's VACUUM merges them. Until then searches also read the
 * pending lists (a few milliseconds), and the first small write may merge them (~0.4 s once).
 * Only for this transaction. Why: docs/decisions/012-large-writes-defer-gin-merges.md.
 */
export async function deferIndexMerges(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL gin_pending_list_limit = '256MB'`)
}
