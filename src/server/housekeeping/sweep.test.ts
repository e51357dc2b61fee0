import { sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { changeSetRows, changeSets } from '../db/change-schema.ts'
import type { Db } from '../db/open.ts'
import { jobs } from '../db/job-schema.ts'
import { loginThrottle, sessions } from '../db/schema.ts'
import { cvUploads, files } from '../db/file-schema.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { startHousekeeping } from './scheduler.ts'
import { BATCH, sweepExpired } from './sweep.ts'

/** Security rule 33: expired sessions, throttle rows, unclaimed uploads and old jobs are pruned. */

const HOUR = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms)
const ahead = (ms: number) => new Date(Date.now() + ms)

async function keys(db: Db, table: typeof loginThrottle) {
  return (await db.select({ key: table.key }).from(table)).map((r) => r.key).sort()
}

describe('sweepExpired (security rule 33)', () => {
  test('security rule 33: expired and idle sessions go; live ones stay', async ({ api }) => {
    const { db } = api.database
    const { id: userId } = await api.makeUser({ email: 'a@x.test' })
    const session = (name: string, expiresAt: Date, lastSeenAt: Date) => ({
      userId,
      secretHash: name,
      expiresAt,
      lastSeenAt,
    })
    await db
      .insert(sessions)
      .values([
        session('live', ahead(HOUR), ago(60_000)),
        session('expired', ago(1000), ago(60_000)),
        session('idle', ahead(HOUR), ago(2 * HOUR)),
      ])
    const counts = await sweepExpired(db, api.config)
    expect(counts.sessions).toBe(2)
    const left = await db.select({ name: sessions.secretHash }).from(sessions)
    expect(left.map((r) => r.name)).toEqual(['live'])
  })

  test('security rule 33: throttle rows go once their window and lock are over; locks stay', async ({
    api,
  }) => {
    const { db } = api.database
    const row = (key: string, updatedAt: Date, lockedUntil: Date | null = null) => ({
      key,
      updatedAt,
      lockedUntil,
      windowStartedAt: updatedAt,
    })
    await db.insert(loginThrottle).values([
      row('ip:10.0.0.1', ago(2 * HOUR)), // window over: goes
      row('ip:10.0.0.2', ago(60_000)), // window open: stays
      row('account:locked@x.test', ago(2 * HOUR), ahead(HOUR)), // still locked: stays
      row('account:was@x.test', ago(2 * HOUR), ago(HOUR)), // lock over: goes
      row('session:41', ago(2 * HOUR)), // a session's window over: goes
      row('device:refused', ago(2 * HOUR), ahead(100 * 24 * HOUR)), // refused cookie: stays
      row('device:counting', ago(2 * HOUR)), // a cookie's failures, kept for its life: stays
      row('device:old', ago(200 * 24 * HOUR)), // past any cookie's life: goes
    ])
    const counts = await sweepExpired(db, api.config)
    expect(counts.throttleRows).toBe(4)
    expect(await keys(db, loginThrottle)).toEqual([
      'account:locked@x.test',
      'device:counting',
      'device:refused',
      'ip:10.0.0.2',
    ])
  })

  test('security rule 33: unclaimed CV uploads go after a day, with their files; finished jobs after a week', async ({
    api,
  }) => {
    const { db } = api.database
    await db.insert(files).values(
      ['old', 'new'].map((sha256) => ({
        sha256,
        bytes: Buffer.from(sha256),
        sizeBytes: 3,
        mimeType: 'application/pdf',
      })),
    )
    await db.insert(cvUploads).values([
      { sha256: 'old', fileName: 'old.pdf', createdAt: ago(25 * HOUR) },
      { sha256: 'new', fileName: 'new.pdf', createdAt: ago(HOUR) },
    ])
    const job = (state: 'queued' | 'done' | 'failed', updatedAt: Date) => ({
      kind: 'test',
      payload: {},
      state,
      updatedAt,
    })
    await db.insert(jobs).values([
      job('done', ago(8 * 24 * HOUR)), // goes
      job('failed', ago(8 * 24 * HOUR)), // goes
      job('done', ago(HOUR)), // recent: stays
      job('queued', ago(8 * 24 * HOUR)), // not finished: stays
    ])
    const counts = await sweepExpired(db, api.config)
    expect(counts).toMatchObject({ cvUploads: 1, jobs: 2 })
    const uploads = await db.select({ sha256: cvUploads.sha256 }).from(cvUploads)
    expect(uploads.map((u) => u.sha256)).toEqual(['new'])
    const kept = await db.select({ sha256: files.sha256 }).from(files)
    expect(kept.map((f) => f.sha256)).toEqual(['new'])
    expect(await db.$count(jobs)).toBe(2)
  })

  test('security rule 33: what a change set kept for its undo goes when the undo window ends', async ({
    api,
  }) => {
    const { db } = api.database
    await db.insert(files).values(
      ['kept-old', 'kept-live'].map((sha256) => ({
        sha256,
        bytes: Buffer.from(sha256),
        sizeBytes: 8,
        mimeType: 'application/pdf',
      })),
    )
    const [over, live] = await db
      .insert(changeSets)
      .values([
        { kind: 'bulk', undoUntil: ago(HOUR) },
        { kind: 'bulk', undoUntil: ahead(HOUR) },
      ])
      .returning({ id: changeSets.id })
    if (!over || !live) throw new Error('no change sets')
    const row = (changeSetId: number, entityId: number, sha256: string | null = null) => ({
      changeSetId,
      entity: 'talent' as const,
      entityId,
      op: 'updated' as const,
      before: { tags: ['Old'] },
      sha256,
    })
    await db
      .insert(changeSetRows)
      .values([
        row(over.id, 1),
        row(over.id, 2, 'kept-old'),
        row(live.id, 1),
        row(live.id, 3, 'kept-live'),
      ])
    const counts = await sweepExpired(db, api.config)
    expect(counts.changeRows).toBe(2)
    const left = await db.select({ setId: changeSetRows.changeSetId }).from(changeSetRows)
    expect(left.map((r) => r.setId)).toEqual([live.id, live.id])
    // The sets stay (their bulk action, import or merge names them); the expired one's file goes.
    expect(await db.$count(changeSets)).toBe(2)
    const kept = await db.select({ sha256: files.sha256 }).from(files)
    expect(kept.map((f) => f.sha256)).toEqual(['kept-live'])
  })

  test('security rule 33: a backlog larger than a batch is cleared in bounded batches', async ({
    api,
  }) => {
    const { db } = api.database
    await db.execute(sql`
      INSERT INTO login_throttle (key, updated_at, window_started_at)
      SELECT 'ip:backlog-' || i, now() - interval '2 hours', now() - interval '2 hours'
      FROM generate_series(1, ${BATCH * 2 + 5}) AS i`)
    expect((await sweepExpired(db, api.config)).throttleRows).toBe(BATCH * 2 + 5)
    expect(await db.$count(loginThrottle)).toBe(0)
  })
})

test('security rule 33: the scheduler sweeps on its own and stops with the app', async ({
  api,
}) => {
  const { db } = api.database
  await db.insert(loginThrottle).values({
    key: 'ip:stale',
    updatedAt: ago(2 * HOUR),
    windowStartedAt: ago(2 * HOUR),
  })
  const logged: unknown[] = []
  const log = { info: (entry: unknown) => logged.push(entry), warn: () => undefined }
  const housekeeping = startHousekeeping(
    db,
    { housekeepingIntervalMs: 50, sessionIdleMinutes: 30 },
    log as never,
  )
  try {
    // The sweep logs once it has finished every table, after the row is already gone: wait for
    // the log line, not for the row.
    await expect
      .poll(() => logged, { timeout: 5_000 })
      .toContainEqual(expect.objectContaining({ event: 'housekeeping', throttleRows: 1 }))
    expect(await db.$count(loginThrottle)).toBe(0)
  } finally {
    await housekeeping.stop()
  }
})
