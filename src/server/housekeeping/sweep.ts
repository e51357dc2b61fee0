import { sql, type SQL } from 'drizzle-orm'
import type { Config } from '../config.ts'
import { DEVICE_COOKIE_DAYS, UPLOAD_TTL_HOURS } from './kept-for.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'

/**
 * Security rule 33: what has served its purpose is pruned on a schedule (scheduler.ts), so tables
 * that grow with every sign-in, failure, upload and job stay small. Each statement deletes a
 * bounded batch (a huge backlog never holds a long lock) and a sweep stops after a bounded number
 * of batches; several processes may sweep at once — a row is deleted once, whoever gets it.
 */
export const BATCH = 1_000
const MAX_BATCHES = 50
/** Finished jobs are kept this long for looking into what happened. */
export const FINISHED_JOB_DAYS = 7
/** The longest throttle window (an account's hour of failures). */
const THROTTLE_WINDOW_HOURS = 1

export type SweepCounts = {
  sessions: number
  throttleRows: number
  cvUploads: number
  jobs: number
  mfaChallenges: number
  changeRows: number
}

/** `DELETE … WHERE key IN (SELECT key … WHERE <expired> LIMIT batch)`, repeated while full. */
async function deleteInBatches(db: Db, table: string, key: string, expired: SQL): Promise<number> {
  let total = 0
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const rows = await rawRows<{ n: number }>(
      db,
      sql`WITH gone AS (
        DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(key)} IN (
          SELECT ${sql.identifier(key)} FROM ${sql.identifier(table)} WHERE ${expired} LIMIT ${BATCH}
        ) RETURNING 1
      ) SELECT count(*)::int AS n FROM gone`,
    )
    const n = rows[0]?.n ?? 0
    total += n
    if (n < BATCH) break
  }
  return total
}

function ts(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`
}

export async function sweepExpired(
  db: Db,
  config: Pick<Config, 'sessionIdleMinutes'>,
  now = new Date(),
): Promise<SweepCounts> {
  const n = ts(now)
  const sessions = await deleteInBatches(
    db,
    'sessions',
    'id',
    sql`expires_at <= ${n} OR last_seen_at < ${n} - make_interval(mins => ${config.sessionIdleMinutes})`,
  )
  // Throttle rows whose lock and window are over. A refused device cookie stays refused for the
  // cookie's life (its locked_until); a device's count of failures is kept as long as the cookie.
  const throttleRows = await deleteInBatches(
    db,
    'login_throttle',
    'key',
    sql`(locked_until IS NULL OR locked_until <= ${n}) AND (
      (key NOT LIKE 'device:%' AND updated_at < ${n} - make_interval(hours => ${THROTTLE_WINDOW_HOURS}))
      OR (key LIKE 'device:%' AND updated_at < ${n} - make_interval(days => ${DEVICE_COOKIE_DAYS}))
    )`,
  )
  // 'Add from CV' uploads no talent was saved with; their files go with them (migration 0010).
  const cvUploads = await deleteInBatches(
    db,
    'cv_uploads',
    'id',
    sql`created_at < ${n} - make_interval(hours => ${UPLOAD_TTL_HOURS})`,
  )
  const jobs = await deleteInBatches(
    db,
    'jobs',
    'id',
    sql`state IN ('done', 'failed') AND updated_at < ${n} - make_interval(days => ${FINISHED_JOB_DAYS})`,
  )
  // Sign-in steps waiting for a second factor live 5 minutes.
  const mfaChallenges = await deleteInBatches(db, 'mfa_challenges', 'id', sql`expires_at <= ${n}`)
  // What an import, merge or bulk action recorded for its undo (before-images, kept CV files),
  // once the undo window is over: undo is refused then, so the rows serve nothing. The change
  // set itself stays (small; its import, merge or bulk action still names it). A kept file goes
  // with its last row (delete_unreferenced_file, migration 0015).
  const changeRows = await deleteInBatches(
    db,
    'change_set_rows',
    'id',
    sql`change_set_id IN (SELECT id FROM change_sets WHERE undo_until < ${n})`,
  )
  return { sessions, throttleRows, cvUploads, jobs, mfaChallenges, changeRows }
}
