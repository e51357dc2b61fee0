import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from './db/open.ts'
import { jobs } from './db/job-schema.ts'
import { users } from './db/schema.ts'
import { enqueueJob } from './jobs/queue.ts'
import { startJobRunner } from './jobs/runner.ts'
import { safeErrorMessage, serializeError } from './log-errors.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { testEngine } from '#tests/support/test-database.ts'

/** Security rule 34: what a failed query carries, and what of it may be logged or kept. */
const engine = testEngine()
const SECRET = 'Bound-Secret-Value-77'

test.beforeAll(async ({ database }) => {
  await database.db.insert(users).values({ email: 'taken@scout.test', passwordHash: 'x' })
})

/** A unique violation whose statement binds SECRET: drizzle repeats it in its message. */
async function failingInsert(db: Db): Promise<unknown> {
  try {
    await db.insert(users).values({ email: 'taken@scout.test', passwordHash: SECRET })
  } catch (error) {
    return error
  }
  throw new Error('the insert should have failed')
}

test(`${engine}: security rule 34 — a logged database error keeps its reason and drops every bound value`, async ({
  database,
}) => {
  const error = await failingInsert(database.db)
  // What the driver stack hands over without the serializer: the value, several times.
  expect(String(error instanceof Error ? error.message : '')).toContain(SECRET)
  const serialized = JSON.stringify(serializeError(error))
  expect(serialized).not.toContain(SECRET)
  expect(serialized).not.toContain('taken@scout.test')
  expect(serialized).toContain('23505')
  expect(serialized).toContain('users_email_unique')
  expect(safeErrorMessage(error)).toMatch(/^Failed query: insert into "users"/)
  expect(safeErrorMessage(error)).not.toContain(SECRET)
})

test(`${engine}: security rule 34 — a job that failed on a query keeps no bound value in lastError`, async ({
  database,
}) => {
  const id = await enqueueJob(database.db, 'test.secret', {}, { maxAttempts: 1 })
  const runner = startJobRunner({
    db: database.db,
    handlers: {
      'test.secret': async () => void (await database.db.execute(sql`select ${SECRET}::int`)),
    },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    pollMs: 20,
  })
  runner.nudge()
  await runner.drain()
  await runner.stop()
  const [job] = await database.db.select().from(jobs).where(eq(jobs.id, id))
  expect(job?.state).toBe('failed')
  expect(job?.lastError).toMatch(/^Failed query: select \$1::int/)
  expect(job?.lastError).not.toContain(SECRET)
})
