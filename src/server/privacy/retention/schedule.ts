import type { FastifyBaseLogger } from 'fastify'
import { todayIso } from '#shared/privacy.ts'
import type { Db } from '../../db/open.ts'
import { scheduleRetentionRun } from './run.ts'

export type RetentionSchedule = { stop: () => Promise<void> }

/**
 * Queues each day's retention run on the job queue (security rule 58): every `everyMs` it asks
 * whether today, by `clock`, has a run yet; the first look a few seconds after start. The run
 * itself is a job, so any process may do it and a killed one's run is resumed. 0 turns it off
 * (the API tests queue runs themselves).
 */
export function startRetentionSchedule(
  db: Db,
  clock: () => Date,
  everyMs: number,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  nudge: () => void,
): RetentionSchedule {
  if (everyMs <= 0) return { stop: () => Promise.resolve() }
  let running: Promise<void> | undefined
  const look = () => {
    const day = todayIso(clock())
    running ??= scheduleRetentionRun(db, day)
      .then((queued) => {
        if (!queued) return
        log.info({ event: 'retention_run_queued', day })
        nudge()
      })
      .catch((error: unknown) => log.warn({ event: 'retention_schedule_failed', err: error }))
      .finally(() => {
        running = undefined
      })
  }
  const first = setTimeout(look, Math.min(everyMs, 5_000)).unref()
  const timer = setInterval(look, everyMs).unref()
  return {
    stop: async () => {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
