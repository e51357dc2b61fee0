import { describe, expect } from 'vitest'
import { databaseTest as it } from '#tests/support/database-test.ts'
import { JOB_LANES } from './app-jobs.ts'
import { SCAN_DUPLICATES } from './duplicates/scan-schedule.ts'
import { enqueueJob } from './jobs/queue.ts'
import { startJobRunner } from './jobs/runner.ts'
import { TABLE_UPKEEP } from './jobs/table-upkeep.ts'

describe('the job lanes the app runs (JOB_LANES)', () => {
  it("app.ts's lanes: table upkeep runs while a duplicate scan is still going", async ({ db }) => {
    const ran: string[] = []
    let releaseScan = () => undefined as void
    let scanStarted = () => undefined as void
    const started = new Promise<void>((resolve) => (scanStarted = resolve))
    const runner = startJobRunner({
      db: db,
      handlers: {
        [SCAN_DUPLICATES]: async () => {
          scanStarted()
          await new Promise<void>((resolve) => (releaseScan = resolve))
          ran.push('scan')
        },
        [TABLE_UPKEEP]: () => {
          ran.push('upkeep')
          releaseScan()
          return Promise.resolve()
        },
      },
      lanes: JOB_LANES,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pollMs: 20,
    })
    await enqueueJob(db, SCAN_DUPLICATES, {})
    runner.nudge()
    await started
    await enqueueJob(db, TABLE_UPKEEP, {})
    runner.nudge()
    await runner.drain()
    await runner.stop()
    expect(ran).toEqual(['upkeep', 'scan'])
  })
})
