import { eq, sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import {
  cvImportCreatedSchema,
  cvImportItemFailedMessage,
  cvImportSchema,
} from '#shared/cv-import.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { multipartFiles } from '#tests/support/cv-files.ts'
import { jobs } from '../db/job-schema.ts'
import { talents } from '../db/schema.ts'

// Each import reads its files in worker threads: seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000 })

/** Runs the job runner until no job is waiting for a retry: each retry made due at once. */
async function drainRetries(api: Api): Promise<void> {
  for (let round = 0; round < 10; round++) {
    await api.app.jobs.drain()
    const waiting = await api.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.state, 'queued'))
      .returning({ id: jobs.id })
    if (waiting.length === 0) return
  }
  throw new Error('jobs were still retrying after 10 rounds')
}

const cvText = (name: string, email: string) =>
  Buffer.from(
    [
      name,
      'Senior Software Engineer',
      `${email} | +1 (415) 555-0134`,
      'Experience: Python at Acme',
    ].join('\n'),
  )

test('security rule 45: a CV whose item job fails for good ends its row failed with the reason; the import settles', async ({
  api,
}) => {
  const user = await api.as('user')
  const db = api.database.db
  // The database refuses this one talent on every attempt: its job can only fail.
  await db.execute(
    sql`ALTER TABLE talents ADD CONSTRAINT never_stuck_cv CHECK (full_name <> 'Dana Reyes')`,
  )
  let importId: number
  try {
    const { payload, headers } = multipartFiles([
      { name: 'dana.txt', bytes: cvText('Dana Reyes', 'dana.reyes@example.com') },
      { name: 'kim.txt', bytes: cvText('Kim Park', 'kim.park@example.com') },
    ])
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/cv/imports',
      headers: { ...user.headers, ...headers },
      payload,
    })
    expect(response.statusCode, response.body).toBe(202)
    importId = cvImportCreatedSchema.parse(response.json()).importId
    await drainRetries(api)
  } finally {
    await db.execute(sql`ALTER TABLE talents DROP CONSTRAINT never_stuck_cv`)
  }
  const read = cvImportSchema.parse(
    (await user.inject('GET', `/api/cv/imports/${importId}`)).json(),
  )
  expect(read).toMatchObject({ state: 'done', total: 2, done: 2 })
  const byName = Object.fromEntries(read.items.map((item) => [item.fileName, item]))
  expect(byName['kim.txt']).toMatchObject({ state: 'created' })
  expect(byName['dana.txt']).toMatchObject({
    state: 'failed',
    reason: cvImportItemFailedMessage(
      'new row for relation "talents" violates check constraint "never_stuck_cv"',
    ),
  })
  expect((await db.select({ name: talents.fullName }).from(talents)).map((t) => t.name)).toEqual([
    'Kim Park',
  ])
})
