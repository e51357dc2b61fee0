import { eq } from 'drizzle-orm'
import { afterAll, describe, expect } from 'vitest'
import { jobs } from '../db/job-schema.ts'
import { databaseTest as it } from '#tests/support/database-test.ts'
import type { Db } from '../db/open.ts'
import { claimJob, completeJob, enqueueJob, failJob, releaseAbandonedJobs } from './queue.ts'
import { createWorkerPool, WorkerTaskError } from './worker-pool.ts'
import { startJobRunner } from './runner.ts'

const stateOf = async (db: Db, id: number) =>
  (await db.select().from(jobs).where(eq(jobs.id, id)))[0]

describe('the job queue (jobs/ in docs/architecture.md, "Shared modules")', () => {
  it('a job enqueued in a transaction that rolls back does not exist', async ({ db }) => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.kind', { n: 1 })
        throw new Error('the write failed')
      }),
    ).rejects.toThrow('the write failed')
    expect(await claimJob(db, ['test.kind'], 60)).toBeUndefined()
  })

  it('concurrent claims never take the same job twice', async ({ db }) => {
    for (let i = 0; i < 10; i++) await enqueueJob(db, 'test.kind', { n: i })
    const claims = await Promise.all(
      Array.from({ length: 15 }, () => claimJob(db, ['test.kind'], 60)),
    )
    const ids = claims.flatMap((job) => (job ? [job.id] : []))
    expect(ids).toHaveLength(10)
    expect(new Set(ids).size).toBe(10)
  })

  it('a job whose lease ran out (its process died) is claimed again', async ({ db }) => {
    const id = await enqueueJob(db, 'test.kind', {})
    expect((await claimJob(db, ['test.kind'], 60))?.id).toBe(id)
    expect(await claimJob(db, ['test.kind'], 60)).toBeUndefined()
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id))
    expect((await claimJob(db, ['test.kind'], 60))?.attempts).toBe(2)
  })

  it('the embedded engine releases every running job at start', async ({ db }) => {
    const id = await enqueueJob(db, 'test.kind', {})
    await claimJob(db, ['test.kind'], 600)
    expect(await releaseAbandonedJobs(db)).toBe(1)
    expect((await stateOf(db, id))?.state).toBe('queued')
  })

  it('a failed attempt is retried later; the last one fails the job for good', async ({ db }) => {
    const id = await enqueueJob(db, 'test.kind', {}, { maxAttempts: 2 })
    const first = await claimJob(db, ['test.kind'], 60)
    if (!first) throw new Error('no job claimed')
    expect(await failJob(db, first, 'boom')).toBe('retry')
    expect(await claimJob(db, ['test.kind'], 60)).toBeUndefined() // not due yet
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id))
    const second = await claimJob(db, ['test.kind'], 60)
    if (!second) throw new Error('no retry claimed')
    expect(await failJob(db, second, 'boom again')).toBe('failed')
    expect(await stateOf(db, id)).toMatchObject({ state: 'failed', lastError: 'boom again' })
  })

  it('the runner runs each job once and marks it done', async ({ db }) => {
    const seen: unknown[] = []
    const runner = startJobRunner({
      db: db,
      handlers: {
        'test.kind': (job) => {
          seen.push(job.payload)
          return Promise.resolve()
        },
      },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pollMs: 20,
    })
    const id = await enqueueJob(db, 'test.kind', { hello: 'world' })
    runner.nudge()
    await runner.drain()
    await runner.stop()
    expect(seen).toEqual([{ hello: 'world' }])
    expect((await stateOf(db, id))?.state).toBe('done')
    await completeJob(db, id) // completing twice is harmless
  })
  it('a kind in a lane of its own runs beside the others: a quick job does not wait for a slow one', async ({
    db,
  }) => {
    const finished: string[] = []
    let releaseSlow = () => undefined as void
    let slowStarted = () => undefined as void
    const started = new Promise<void>((resolve) => (slowStarted = resolve))
    const runner = startJobRunner({
      db: db,
      handlers: {
        'test.slow': async () => {
          slowStarted()
          await new Promise<void>((resolve) => (releaseSlow = resolve))
          finished.push('slow')
        },
        'test.quick': () => {
          finished.push('quick')
          releaseSlow()
          return Promise.resolve()
        },
      },
      lanes: [['test.slow']],
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pollMs: 20,
    })
    await enqueueJob(db, 'test.slow', {})
    runner.nudge()
    await started
    await enqueueJob(db, 'test.quick', {})
    runner.nudge()
    await runner.drain()
    await runner.stop()
    // With one loop for both kinds the quick job would wait for a slow one that never ends.
    expect(finished).toEqual(['quick', 'slow'])
  })

  it('drain waits until every lane has run what was due, including work one job queued for another', async ({
    db,
  }) => {
    const ran: string[] = []
    const runner = startJobRunner({
      db: db,
      handlers: {
        'test.first': async () => {
          ran.push('first')
          await enqueueJob(db, 'test.second', {})
        },
        'test.second': () => {
          ran.push('second')
          return Promise.resolve()
        },
      },
      lanes: [['test.second']],
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pollMs: 60_000,
    })
    await enqueueJob(db, 'test.first', {})
    await runner.drain()
    await runner.stop()
    expect(ran).toEqual(['first', 'second'])
  })
})

describe('security rule 22 e, security rule 41: the worker pool — a broken parser fails its own task only', () => {
  const worker = new URL('../../../tests/support/misbehaving-worker.ts', import.meta.url)
  const pool = createWorkerPool({ maxThreads: 1, maxMemoryMb: 32 })
  afterAll(() => pool.close())

  it('keeps its child process between tasks', async () => {
    const first = await pool.run(worker, 'a', 10_000)
    const second = await pool.run(worker, 'b', 5_000)
    expect(first).toMatchObject({ echo: 'a' })
    expect(second).toMatchObject({ echo: 'b' })
    expect((first as { pid: number }).pid).not.toBe(process.pid)
    expect(second).toHaveProperty('pid', (first as { pid: number }).pid)
  }, 20_000)

  it.each([
    ['hang', 500, /took longer than 0.5 s/],
    ['memory', 15_000, /ran out of memory/],
    // Buffers live outside the V8 heap: the pool watches the child's resident size.
    ['buffers', 15_000, /ran out of memory/],
    ['crash', 5_000, /exit code 3/],
  ])(
    '%s, and the next task is served by a new child; this process lives on',
    async (mode, timeoutMs, reason) => {
      const before = await pool.run(worker, 'before', 10_000)
      const error = await pool.run(worker, mode, timeoutMs).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WorkerTaskError)
      expect(String(error)).toMatch(reason)
      const after = await pool.run(worker, 'after', 10_000)
      expect(after).toMatchObject({ echo: 'after' })
      expect(after).not.toHaveProperty('pid', (before as { pid: number }).pid)
    },
    30_000,
  )
})
