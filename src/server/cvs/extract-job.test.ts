import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'
import { makePdf } from '#tests/support/cv-files.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { rawRows } from '../db/raw-rows.ts'
import { talents } from '../db/schema.ts'
import { talentCvs } from '../db/file-schema.ts'
import { readFileText } from './extract-job.ts'
import { attachCv } from './service.ts'

// Two transactions at once need a server: the embedded engine runs one statement at a time.
test.runIf(testEngine() === 'postgres')(
  'a CV removed while its text is being saved: both finish, neither is chosen as a deadlock victim',
  async ({ api }) => {
    // This test plays the job itself.
    await api.app.jobs.stop()
    const admin = await api.as('admin')
    const talentId = await api.makeTalent()
    const cv = await attachCv(
      api.database.db,
      talentId,
      { bytes: makePdf(['Dana Reyes, designer']), fileName: 'cv.pdf' },
      { id: admin.user.id, role: 'admin' },
    )
    const other = await api.database.openAnother()
    try {
      const waitingOnLocks = async () => {
        const [row] = await rawRows<{ n: number }>(
          other.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        )
        return row?.n ?? 0
      }
      // A removal as removeCv makes it: the talent locked first, then its CV deleted (whose
      // trigger deletes the file), once the reading below waits on a lock.
      const removal = other.db.transaction(async (tx) => {
        await tx
          .select({ id: talents.id })
          .from(talents)
          .where(eq(talents.id, talentId))
          .for('update')
        const deadline = Date.now() + 20_000
        while ((await waitingOnLocks()) === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20))
        await tx.delete(talentCvs).where(eq(talentCvs.talentId, talentId))
      })
      const reading = readFileText(api.database.db, cv.sha256, true)
      const [removed, read] = await Promise.allSettled([removal, reading])
      expect(removed.status, String((removed as PromiseRejectedResult).reason)).toBe('fulfilled')
      expect(read.status, String((read as PromiseRejectedResult).reason)).toBe('fulfilled')
    } finally {
      await other.close()
    }
  },
)
