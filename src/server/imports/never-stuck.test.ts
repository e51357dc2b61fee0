import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  FAILED_IMPORT_RUN_MESSAGE,
  checkFailedMessage,
  dryRunFailedMessage,
  dryRunResultSchema,
  importFailedMessage,
  spreadsheetImportDetailSchema,
  unstorableCellMessage,
} from '#shared/imports/import-api.ts'
import { apiTestWith, type Api } from '#tests/support/api-test.ts'
import { mappedSpreadsheet, uploadedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { jobs } from '../db/job-schema.ts'
import { RUN_SPREADSHEET_IMPORT } from './run-job.ts'
import { talents } from '../db/schema.ts'

// The app's JSON log lines, to see what a job that failed for good logs (security rule 24, 34).
const logLines: string[] = []
const test = apiTestWith({}, { logStream: { write: (line) => logLines.push(line) } })

const HEADER = 'Name,Email,Area,Level,Skills,Notes'
/** Enough ordinary rows that a NUL or two does not make the file look binary. */
const goodRows = (count: number) =>
  Array.from({ length: count }, (_, i) => `Person ${i},p${i}@example.com,Design,mid,,`)

/** The first test of a file also starts its app; the machine runs many suites at once. */
const LOADED_MACHINE_MS = 120_000

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

test(
  'security rule 45: a NUL in a cell refuses its row at the check with the reason; the run imports the other rows',
  {
    timeout: LOADED_MACHINE_MS,
  },
  async ({ api }) => {
    const user = await api.as('user')
    const csv = [
      HEADER,
      'Dana Reyes,dana@example.com,Design,senior,UX,',
      'Ed\u0000 Moss,ed@example.com,Design,mid,,',
      'Al Bo,al\u0000@example.com,Design,mid,,',
      ...goodRows(20),
    ].join('\n')
    const importId = await mappedSpreadsheet(api, user, csv)

    const check = await user.inject('POST', `/api/imports/${importId}/dry-run`)
    expect(check.statusCode, check.body).toBe(200)
    const result = dryRunResultSchema.parse(check.json())
    expect(result).toMatchObject({ total: 23, created: 21, invalid: 2 })
    expect(result.errors).toEqual([
      { row: 3, field: 'fullName', message: unstorableCellMessage(1, 'NUL (U+0000)') },
      { row: 4, field: 'email', message: unstorableCellMessage(2, 'NUL (U+0000)') },
    ])

    const run = await user.inject('POST', `/api/imports/${importId}/run`)
    expect(run.statusCode, run.body).toBe(202)
    await api.app.jobs.drain()
    const status = spreadsheetImportDetailSchema.parse(
      (await user.inject('GET', `/api/imports/${importId}`)).json(),
    )
    expect(status).toMatchObject({ state: 'done', created: 21, invalid: 2, error: null })
    const names = (await api.database.db.select({ name: talents.fullName }).from(talents)).map(
      (row) => row.name,
    )
    expect(names).toHaveLength(21)
    expect(names).toContain('Dana Reyes')
  },
)

test(
  'security rule 45: a NUL in a header is dropped at the upload, not a crash',
  {
    timeout: LOADED_MACHINE_MS,
  },
  async ({ api }) => {
    const user = await api.as('user')
    const csv = [HEADER.replace('Notes', 'No\u0000tes'), ...goodRows(20)].join('\n')
    const created = await uploadedSpreadsheet(api, user, 'people.csv', Buffer.from(csv))
    expect(created.columns.at(-1)).toBe('Notes')
    const saved = await user.inject(
      'PUT',
      `/api/imports/${created.importId}/mapping`,
      created.suggestedMapping,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const check = await user.inject('POST', `/api/imports/${created.importId}/dry-run`)
    expect(check.statusCode, check.body).toBe(200)
    expect(check.json()).toMatchObject({ total: 20, created: 20, invalid: 0 })
  },
)

test(
  'security rule 45: a run whose job fails for good ends failed with the reason; run and undo answer clearly',
  {
    timeout: LOADED_MACHINE_MS,
  },
  async ({ api }) => {
    const user = await api.as('user')
    const db = api.database.db
    // Rows the database refuses on every attempt, past what the check can know: the second batch
    // (rows 502 on) breaks a rule added here, after the first batch was written.
    const csv = [HEADER, ...goodRows(700)].join('\n')
    const importId = await mappedSpreadsheet(api, user, csv)
    await db.execute(
      sql`ALTER TABLE talents ADD CONSTRAINT never_stuck_test CHECK (full_name <> 'Person 600')`,
    )
    try {
      logLines.length = 0
      expect((await user.inject('POST', `/api/imports/${importId}/run`)).statusCode).toBe(202)
      await drainRetries(api)
    } finally {
      await db.execute(sql`ALTER TABLE talents DROP CONSTRAINT never_stuck_test`)
    }
    const status = spreadsheetImportDetailSchema.parse(
      (await user.inject('GET', `/api/imports/${importId}`)).json(),
    )
    expect(status).toMatchObject({ state: 'failed', done: 500, created: 500 })
    expect(status.error).toBe(
      importFailedMessage(
        'new row for relation "talents" violates check constraint "never_stuck_test"',
      ),
    )
    // Logged with the database's message, never with the values it was given.
    const failures = logLines.filter(
      (line) => line.includes('"job failed"') && line.includes(RUN_SPREADSHEET_IMPORT),
    )
    expect(failures).toHaveLength(5)
    expect(failures.at(-1)).toContain('violates check constraint')
    expect(failures.join('\n')).not.toContain('p600@example.com')

    const again = await user.inject('POST', `/api/imports/${importId}/run`)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: FAILED_IMPORT_RUN_MESSAGE })
    // The rows it wrote can be taken back.
    const undo = await user.inject('POST', `/api/imports/${importId}/undo`)
    expect(undo.statusCode, undo.body).toBe(202)
    await api.app.jobs.drain()
    expect((await user.inject('GET', `/api/imports/${importId}`)).json()).toMatchObject({
      state: 'undone',
      undo: { state: 'done', removedTalents: 500 },
    })
    expect(await db.select({ id: talents.id }).from(talents)).toEqual([])
  },
)

test(
  'security rule 45: a check whose job fails for good says why, and blocks the run until checked again',
  {
    timeout: LOADED_MACHINE_MS,
  },
  async ({ api }) => {
    const user = await api.as('user')
    const db = api.database.db
    const importId = await mappedSpreadsheet(api, user, [HEADER, ...goodRows(5)].join('\n'))
    // The check reads the file from the file store: gone, every attempt fails.
    await db.execute(sql`ALTER TABLE files RENAME TO files_away`)
    try {
      const check = await user.inject('POST', `/api/imports/${importId}/dry-run?page=1`)
      expect([200, 202, 400]).toContain(check.statusCode)
      await drainRetries(api)
    } finally {
      await db.execute(sql`ALTER TABLE files_away RENAME TO files`)
    }
    const reason = 'relation "files" does not exist'
    const answer = await user.inject('GET', `/api/imports/${importId}/dry-run`)
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({ message: dryRunFailedMessage(reason) })

    const run = await user.inject('POST', `/api/imports/${importId}/run`)
    expect(run.statusCode).toBe(409)
    expect(run.json()).toEqual({ message: checkFailedMessage(dryRunFailedMessage(reason)) })
    expect((await user.inject('GET', `/api/imports/${importId}`)).json()).toMatchObject({
      state: 'mapping',
    })

    // Checked again, the rows are fine and the run goes.
    expect((await user.inject('POST', `/api/imports/${importId}/dry-run`)).statusCode).toBe(200)
    expect((await user.inject('POST', `/api/imports/${importId}/run`)).statusCode).toBe(202)
    await api.app.jobs.drain()
    expect((await user.inject('GET', `/api/imports/${importId}`)).json()).toMatchObject({
      state: 'done',
      created: 5,
    })
  },
)
