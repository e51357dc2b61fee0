import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { jobs } from '../db/job-schema.ts'

/*
 * Durable jobs (jobs/ in docs/architecture.md, "Shared modules"). A feature enqueues in the transaction of the
 * write that needs the work, so the job exists exactly when the write does. Any process claims
 * due jobs with FOR UPDATE SKIP LOCKED (the same SQL on PGlite and PostgreSQL); a claim holds a
 * lease, and a job whose lease ran out — its process was killed — is claimed again.
 */

export type Job = {
  id: number
  kind: string
  payload: unknown
  attempts: number
  maxAttempts: number
}

export type EnqueueOptions = { maxAttempts?: number }

export async function enqueueJob(
  tx: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind, payload, maxAttempts: options.maxAttempts ?? 3 })
    .returning({ id: jobs.id })
  if (!row) throw new Error(`Enqueueing a ${kind} job returned no row`)
  return row.id
}

/** Takes the oldest due job of these kinds (or an abandoned one), or undefined when none is due. */
export async function claimJob(
  db: Db,
  kinds: readonly string[],
  leaseSeconds: number,
): Promise<Job | undefined> {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )
  const [row] = await rawRows<{
    id: number
    kind: string
    payload: unknown
    attempts: number
    max_attempts: number
  }>(
    db,
    sql`
    UPDATE jobs SET state = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind IN (${kindList}) AND run_at <= now()
        AND (state = 'queued' OR (state = 'running' AND locked_until < now()))
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id, kind, payload, attempts, max_attempts`,
  )
  if (!row) return undefined
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  }
}

export async function completeJob(db: Db, id: number): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
}

/** A failed attempt: retried later with a growing delay, or failed for good after the last one. */
export async function failJob(db: Db, job: Job, error: string): Promise<'retry' | 'failed'> {
  const final = job.attempts >= job.maxAttempts
  const delaySeconds = 2 ** job.attempts
  await db
    .update(jobs)
    .set({
      state: final ? 'failed' : 'queued',
      lockedUntil: null,
      lastError: error.slice(0, 2000),
      runAt: final ? sql`${jobs.runAt}` : sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where(eq(jobs.id, job.id))
  return final ? 'failed' : 'retry'
}

/**
 * The embedded engine is one process: every job still 'running' at start belonged to a process
 * that died, so it is due again at once (PostgreSQL waits for the lease: others may be alive).
 */
export async function releaseAbandonedJobs(db: Db): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ state: 'queued', lockedUntil: null })
    .where(eq(jobs.state, 'running'))
    .returning({ id: jobs.id })
  return released.length
}
