import { and, eq, inArray, lte, or, sql } from 'drizzle-orm'
import { duplicateScans } from '../db/duplicate-schema.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { jobs } from '../db/job-schema.ts'
import { enqueueJob } from '../jobs/queue.ts'
import { inTransaction } from '../db/in-transaction.ts'

/** The job kind of the whole-pool scan (scan-job.ts); migration 0018's trigger enqueues it too. */
export const SCAN_DUPLICATES = 'duplicates.scan'

/** Is a scan queued or running (`states` narrows it: a newer result is on its way)? */
export async function isScanning(
  db: Db,
  states: readonly ('queued' | 'running')[] = ['queued', 'running'],
): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, SCAN_DUPLICATES), inArray(jobs.state, [...states])))
    .limit(1)
  return rows.length > 0
}

/**
 * 'Scan again' (and the first look at a pool never scanned): a scan due now. As the trigger of
 * migration 0018, at most one is queued: a queued one (maybe waiting out its few seconds after a
 * write) is made due now instead of a second. A `pending` flag left without its job (the job row
 * was removed) is repaired here.
 */
export async function requestDuplicateScan(db: Db): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [state] = await tx
      .insert(duplicateScans)
      .values({ id: 1 })
      .onConflictDoUpdate({ target: duplicateScans.id, set: { updatedAt: sql`now()` } })
      .returning({ pending: duplicateScans.pending })
    const queued = await tx
      .update(jobs)
      .set({ runAt: sql`least(${jobs.runAt}, now())` })
      .where(and(eq(jobs.kind, SCAN_DUPLICATES), eq(jobs.state, 'queued')))
      .returning({ id: jobs.id })
    if (state?.pending && queued.length > 0) return
    await enqueueJob(tx, SCAN_DUPLICATES, {}, { maxAttempts: 1 })
    await tx.update(duplicateScans).set({ pending: true }).where(eq(duplicateScans.id, 1))
  })
}

/** Is a job of these kinds due or running (queued for later does not count)? */
export async function isWorkWaiting(db: Db, kinds: readonly string[]): Promise<boolean> {
  if (kinds.length === 0) return false
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...kinds]),
        or(eq(jobs.state, 'running'), and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`))),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** How long a scan that gave way waits before it looks again. */
export const SCAN_DEFER_SECONDS = 5

/**
 * The scan gives way (scan-job.ts): it queues itself SCAN_DEFER_SECONDS later, unless a scan is
 * queued already ('Scan again' meanwhile). `pending` stays set, as the scan has not begun; the
 * duplicate_scans row is locked as migration 0018's trigger locks it, so at most one is queued.
 */
export async function deferDuplicateScan(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(duplicateScans)
      .values({ id: 1, pending: true })
      .onConflictDoUpdate({ target: duplicateScans.id, set: { pending: true } })
    const queued = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, SCAN_DUPLICATES), eq(jobs.state, 'queued')))
      .limit(1)
    if (queued.length > 0) return
    await tx.insert(jobs).values({
      kind: SCAN_DUPLICATES,
      payload: {},
      maxAttempts: 1,
      runAt: sql`now() + make_interval(secs => ${SCAN_DEFER_SECONDS})`,
    })
  })
}

/**
 * The job's first step: later writes must queue the next scan, so `pending` is cleared before the
 * scan reads anything. Returns the database's time, which the stored result is dated with.
 */
export async function beginDuplicateScan(db: Db): Promise<Date> {
  const [row] = await rawRows<{ now: string | Date }>(
    db,
    sql`UPDATE duplicate_scans SET pending = false, updated_at = now() WHERE id = 1 RETURNING now() AS now`,
  )
  if (row) return new Date(row.now)
  const [clock] = await rawRows<{ now: string | Date }>(db, sql`SELECT now() AS now`)
  return new Date(clock?.now ?? Date.now())
}
