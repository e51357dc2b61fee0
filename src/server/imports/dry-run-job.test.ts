import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  NO_DRY_RUN_MESSAGE,
  dryRunProgressSchema,
  dryRunResultSchema,
  unclosedQuoteMessage,
  type DryRunProgress,
} from '#shared/imports/import-api.ts'
import { apiTestWith } from '#tests/support/api-test.ts'
import { mappedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { jobs } from '../db/job-schema.ts'
import { talents } from '../db/schema.ts'
import { DRY_RUN_SPREADSHEET_IMPORT } from './dry-run-job.ts'

// POST answers at once here: every check is seen through its 202 and the job.
const test = apiTestWith({ dryRunWaitMs: 0 })

const csvOf = (rows: number) =>
  [
    'Name,Email,Area,Level',
    ...Array.from({ length: rows }, (_, i) => `Person ${i},p${i}@example.com,Engineering,senior`),
  ].join('\n')

test('a dry run is a job: 202 with its progress, then the kept result, page by page', async ({
  api,
}) => {
  const user = await api.as('user')
  const id = await mappedSpreadsheet(api, user, `${csvOf(2_000)}\nBad,not-an-email`)
  const queued = await user.inject('POST', `/api/imports/${id}/dry-run`)
  expect(queued.statusCode, queued.body).toBe(202)
  // On PostgreSQL the runner may have taken the job by the time the answer is read; 2,000 rows
  // keep it from ending first.
  const progress = dryRunProgressSchema.parse(queued.json())
  expect(['queued', 'running']).toContain(progress.state)
  expect(progress.done).toBeLessThanOrEqual(progress.total)

  await api.app.jobs.drain()
  const done = await user.inject('GET', `/api/imports/${id}/dry-run`)
  expect(done.statusCode, done.body).toBe(200)
  expect(dryRunResultSchema.parse(done.json())).toMatchObject({
    total: 2_001,
    created: 2_000,
    invalid: 1,
    page: 1,
    pageCount: 1,
  })
  // Reading it again (another page, another tab) queues nothing: the result is kept.
  await user.inject('GET', `/api/imports/${id}/dry-run?page=2`)
  const queuedChecks = await api.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, DRY_RUN_SPREADSHEET_IMPORT))
  expect(queuedChecks).toHaveLength(1)
  expect(await api.database.db.select().from(talents)).toEqual([])
})

test('two checks sent at once queue one job; a later check starts afresh', async ({ api }) => {
  const user = await api.as('user')
  // Large enough that the first check is still running when the last request arrives.
  const id = await mappedSpreadsheet(api, user, csvOf(3_000))
  const answers = await Promise.all(
    [1, 2, 3].map(() => user.inject('POST', `/api/imports/${id}/dry-run`)),
  )
  expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202])
  const checks = () =>
    api.database.db.select().from(jobs).where(eq(jobs.kind, DRY_RUN_SPREADSHEET_IMPORT))
  expect(await checks()).toHaveLength(1)
  await api.app.jobs.drain()
  expect((await user.inject('POST', `/api/imports/${id}/dry-run`)).statusCode).toBe(202)
  expect(await checks()).toHaveLength(2)
})

test('a new mapping replaces the check of the old one, whose result is never shown', async ({
  api,
}) => {
  const user = await api.as('user')
  const id = await mappedSpreadsheet(api, user, csvOf(2_000))
  expect((await user.inject('POST', `/api/imports/${id}/dry-run`)).statusCode).toBe(202)
  const mapping = (withLevel: boolean) => ({
    columns: ['fullName', 'email', 'areaOfInterest', withLevel ? 'seniorityLevel' : 'ignore'],
    existing: 'skip',
  })
  expect((await user.inject('PUT', `/api/imports/${id}/mapping`, mapping(true))).statusCode).toBe(
    200,
  )
  // The first mapping's check is no longer the one asked about.
  expect((await user.inject('GET', `/api/imports/${id}/dry-run`)).json()).toEqual({
    message: NO_DRY_RUN_MESSAGE,
  })
  expect((await user.inject('PUT', `/api/imports/${id}/mapping`, mapping(false))).statusCode).toBe(
    200,
  )
  // 202, or 200 when this quick check (every row refused) ends within the moment the route waits.
  expect([200, 202]).toContain((await user.inject('POST', `/api/imports/${id}/dry-run`)).statusCode)
  await api.app.jobs.drain()
  const result = dryRunResultSchema.parse(
    (await user.inject('GET', `/api/imports/${id}/dry-run`)).json(),
  )
  // Without a level column every row is refused: the result is the second mapping's.
  expect(result).toMatchObject({ total: 2_000, created: 0, invalid: 2_000 })
})

test('a file refused part-way answers why, with the row', async ({ api }) => {
  const user = await api.as('user')
  // The upload reads only the first rows; the bad quote is further down.
  const id = await mappedSpreadsheet(
    api,
    user,
    `${csvOf(40)}\n"Dana,dana@example.com,Design,junior\n`,
  )
  // The check may end (refused) before POST answers: what it says is read after it.
  await user.inject('POST', `/api/imports/${id}/dry-run`)
  await api.app.jobs.drain()
  const refused = await user.inject('GET', `/api/imports/${id}/dry-run`)
  expect(refused.statusCode).toBe(400)
  expect(refused.json()).toEqual({ message: unclosedQuoteMessage(42) })
})

test('while it runs, the check reports rows done of the whole file', async ({ api }) => {
  const user = await api.as('user')
  const rows = 12_000
  const id = await mappedSpreadsheet(api, user, csvOf(rows))
  expect((await user.inject('POST', `/api/imports/${id}/dry-run`)).statusCode).toBe(202)
  const seen: DryRunProgress[] = []
  for (;;) {
    const answer = await user.inject('GET', `/api/imports/${id}/dry-run`)
    if (answer.statusCode === 200) break
    expect(answer.statusCode, answer.body).toBe(202)
    seen.push(dryRunProgressSchema.parse(answer.json()))
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const running = seen.filter((progress) => progress.state === 'running')
  expect(running.length).toBeGreaterThan(0)
  expect(running.every((progress) => progress.total === rows)).toBe(true)
  const done = running.map((progress) => progress.done)
  expect(done).toEqual([...done].sort((a, b) => a - b))
})
