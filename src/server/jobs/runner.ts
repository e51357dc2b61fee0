import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/open.ts'
import { failureReason, safeErrorMessage } from '../log-errors.ts'
import { claimJob, completeJob, failJob, type Job } from './queue.ts'

export type JobHandler = (job: Job) => Promise<void>

/**
 * What a kind does once its job failed for good (its last attempt threw): it ends the work the job
 * stood for — an import, a file's row — as failed with the reason, so nothing waits on it for ever
 * and the screen can say why (security rule 45).
 */
export type GiveUpHandler = (job: Job, reason: string) => Promise<void>

export type JobRunnerOptions = {
  db: Db
  handlers: Record<string, JobHandler>
  /** Per kind, run after its job's last attempt failed. */
  giveUp?: Record<string, GiveUpHandler>
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** Jobs run at once in this process: parsing is CPU work, and requests must keep their share. */
  concurrency?: number
  /**
   * Kinds that run in a loop of their own, one loop per lane, beside the `concurrency` loops that
   * take every other kind: a long job (a whole-pool duplicate scan, 90–140 s at 100,000 seeded
   * talents) must not hold a CV import queued behind it.
   */
  lanes?: readonly (readonly string[])[]
  /** How often an idle runner looks for due jobs another process enqueued (ms). */
  pollMs?: number
  /** How long a claim holds before another process may take the job over (s). */
  leaseSeconds?: number
}

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** This process's job runner (app.ts): routes nudge it, tests drain it. */
    jobs: JobRunner
  }
}

export type JobRunner = {
  /** Look for work now (called after enqueueing in this process). */
  nudge: () => void
  /** Resolves once no job is due and none is running here (tests, shutdown). */
  drain: () => Promise<void>
  stop: () => Promise<void>
}

/** Claims and runs due jobs until stopped; every process runs one, so any of them does the work. */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const {
    db,
    handlers,
    giveUp = {},
    log,
    concurrency = 1,
    lanes = [],
    pollMs = 1000,
    leaseSeconds = 120,
  } = options
  const laneKinds = new Set(lanes.flat())
  const generalKinds = Object.keys(handlers).filter((kind) => !laneKinds.has(kind))
  const loopKinds = [...Array.from({ length: concurrency }, () => generalKinds), ...lanes].filter(
    (kinds) => kinds.length > 0,
  )
  let stopped = false
  const sleepers = new Set<() => void>()
  const wakeAll = () => {
    for (const wake of sleepers) wake()
  }
  let busy = 0
  let idleWaiters: (() => void)[] = []
  /**
   * Which loops found nothing due since the last drain request or finished job. A finished job may
   * have queued work for another lane, so it clears every flag: drain waits for a fresh look by all.
   */
  const idle = loopKinds.map(() => false)
  /** Counts drain requests and finished jobs: a look that began before one of them is stale. */
  let generation = 0
  const lookAgain = () => {
    generation++
    idle.fill(false)
    wakeAll()
  }
  const settle = () => {
    if (busy > 0 || idle.includes(false)) return
    for (const resolve of idleWaiters) resolve()
    idleWaiters = []
  }

  const sleep = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        sleepers.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, pollMs)
      timer.unref()
      sleepers.add(wake)
    })

  async function runOne(kinds: readonly string[]): Promise<boolean> {
    const job = await claimJob(db, kinds, leaseSeconds)
    if (!job) return false
    busy++
    try {
      const handler = handlers[job.kind]
      if (!handler) throw new Error(`no handler for ${job.kind}`)
      await handler(job)
      await completeJob(db, job.id)
    } catch (error) {
      const message = safeErrorMessage(error)
      const outcome = await failJob(db, job, message)
      // `err` goes through the app's serializer (log-errors.ts): the database's message and code,
      // the cause chain, never the bound parameters (security rule 24, 34).
      log.warn({ jobId: job.id, kind: job.kind, outcome, err: error }, 'job failed')
      if (outcome === 'failed') await giveUpOn(job, error)
    } finally {
      busy--
      lookAgain()
    }
    // A turn of the event loop between jobs. On the embedded engine every query resolves as a
    // microtask, and a pool thread can answer synchronously (atomics), so without this a stack of
    // quick jobs ran back to back and held requests for seconds (2.2 s in an import of 100 CVs).
    await setImmediatePromise()
    return true
  }

  async function giveUpOn(job: Job, error: unknown): Promise<void> {
    const handler = giveUp[job.kind]
    if (!handler) return
    try {
      await handler(job, failureReason(error))
    } catch (giveUpError) {
      log.error({ jobId: job.id, kind: job.kind, err: giveUpError }, 'job could not be ended')
    }
  }

  async function loop(index: number, kinds: readonly string[]): Promise<void> {
    while (!stopped) {
      let worked = false
      const lookedAt = generation
      try {
        worked = await runOne(kinds)
      } catch (error) {
        // The database is away (restart, outage): try again after a pause.
        log.error({ err: error }, 'job runner could not claim a job')
      }
      if (!worked) {
        // A job queued just before a drain request may have been committed after this look began.
        if (lookedAt !== generation) continue
        idle[index] = true
        settle()
        await sleep()
      }
    }
  }

  const loops = loopKinds.map((kinds, index) => loop(index, kinds))
  return {
    nudge: wakeAll,
    drain: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        lookAgain()
      }),
    stop: async () => {
      stopped = true
      wakeAll()
      await Promise.all(loops)
    },
  }
}
