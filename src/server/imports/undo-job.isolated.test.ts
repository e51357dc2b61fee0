import { eq, sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import {
  IMPORT_ALREADY_UNDONE,
  IMPORT_UNDO_RUNNING,
  spreadsheetImportDetailSchema,
} from '#shared/imports/import-api.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { mappedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import type * as RevertTalents from '../changes/revert-talents.ts'
import { jobs } from '../db/job-schema.ts'
import { activityLog, talents } from '../db/schema.ts'
import {
  UNDO_BATCH,
  UNDO_SPREADSHEET_IMPORT,
  requestUndo,
  undoSpreadsheetImportJob,
} from './undo-job.ts'

/*
 * The undo of a spreadsheet import is a background job (undo-job.ts), batch by batch. Before each
 * batch removes its talents, `beforeRemove` lets a test fail it, as a process killed mid-batch
 * would: the batch's transaction is rolled back and the batches before it stay done.
 */
const hooks = vi.hoisted(() => ({
  beforeRemove: undefined as ((after: number) => void) | undefined,
}))

vi.mock('../changes/revert-talents.ts', async (importOriginal) => {
  const original = await importOriginal<typeof RevertTalents>()
  return {
    ...original,
    removeCreatedTalents: (...args: Parameters<typeof original.removeCreatedTalents>) => {
      hooks.beforeRemove?.(args[4]?.after ?? 0)
      return original.removeCreatedTalents(...args)
    },
  }
})

const ROWS = 2_500

async function ranImport(api: Api, user: SignedIn): Promise<number> {
  const csv = [
    'Name,Email,Area,Level',
    ...Array.from({ length: ROWS }, (_, i) => `Person ${i},p${i}@example.com,Design,mid`),
  ].join('\n')
  const importId = await mappedSpreadsheet(api, user, csv)
  expect((await user.inject('POST', `/api/imports/${importId}/run`)).statusCode).toBe(202)
  await api.app.jobs.drain()
  return importId
}

async function statusOf(user: SignedIn, importId: number) {
  const response = await user.inject('GET', `/api/imports/${importId}`)
  expect(response.statusCode, response.body).toBe(200)
  return spreadsheetImportDetailSchema.parse(response.json())
}

/**
 * Undo asked for through the service, its job not due for an hour: the test runs the job itself,
 * and the app's runner keeps out of it.
 */
async function queuedUndo(api: Api, user: SignedIn, importId: number) {
  const db = api.database.db
  await db.transaction(async (tx) => {
    await requestUndo(tx, user.user, importId)
    await tx
      .update(jobs)
      .set({ runAt: sql`now() + interval '1 hour'` })
      .where(eq(jobs.kind, UNDO_SPREADSHEET_IMPORT))
  })
  const [job] = await db.select().from(jobs).where(eq(jobs.kind, UNDO_SPREADSHEET_IMPORT))
  if (!job) throw new Error('no undo job was queued')
  return job
}

/** The undo's History: one talent.deleted entry per removed talent, never two. */
async function deletions(api: Api): Promise<number> {
  const rows = await api.database.db
    .select({ id: activityLog.entityId })
    .from(activityLog)
    .where(eq(activityLog.action, 'talent.deleted'))
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length)
  return rows.length
}

test('undo answers 202 at once, reports progress, refuses a second undo, and after a crash goes on without undoing a row twice', async ({
  api,
}) => {
  hooks.beforeRemove = undefined
  const user = await api.as('user')
  const db = api.database.db
  const importId = await ranImport(api, user)
  // The second batch fails, as a process killed in its middle: its transaction is rolled back.
  let batches = 0
  hooks.beforeRemove = () => {
    batches++
    if (batches === 2) throw new Error('killed mid-batch')
  }

  const undo = await user.inject('POST', `/api/imports/${importId}/undo`)
  expect(undo.statusCode, undo.body).toBe(202)
  expect(spreadsheetImportDetailSchema.parse(undo.json())).toMatchObject({
    state: 'done',
    undo: { state: 'queued', done: 0, total: ROWS, removedTalents: 0 },
  })
  await api.app.jobs.drain()
  expect(await statusOf(user, importId)).toMatchObject({
    state: 'done',
    undo: { state: 'running', done: UNDO_BATCH, total: ROWS, removedTalents: UNDO_BATCH },
  })
  expect(await deletions(api)).toBe(UNDO_BATCH)

  // While it runs (its job waits for its retry), a second undo is refused.
  const again = await user.inject('POST', `/api/imports/${importId}/undo`)
  expect(again.statusCode).toBe(409)
  expect(again.json()).toEqual({ message: IMPORT_UNDO_RUNNING })

  // Someone edits a talent of a batch not undone yet: it is kept and listed.
  const [edited] = await db.select().from(talents).where(eq(talents.email, 'p2200@example.com'))
  const edit = await user.inject('PUT', `/api/talents/${edited?.id}`, {
    fullName: 'Person 2200',
    email: 'p2200@example.com',
    areaOfInterest: 'Design',
    seniorityLevel: 'senior',
  })
  expect(edit.statusCode, edit.body).toBe(200)

  // The retry is due now: the job goes on after the batch that was done.
  hooks.beforeRemove = undefined
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.kind, UNDO_SPREADSHEET_IMPORT))
  api.app.jobs.nudge()
  await api.app.jobs.drain()
  const undone = await statusOf(user, importId)
  expect(undone).toMatchObject({
    state: 'undone',
    undo: {
      state: 'done',
      done: ROWS,
      total: ROWS,
      removedTalents: ROWS - 1,
      restoredTalents: 0,
      keptCount: 1,
    },
    kept: [{ talentId: edited?.id, fullName: 'Person 2200' }],
  })
  expect(await db.select({ id: talents.id }).from(talents)).toEqual([{ id: edited?.id }])
  expect(await deletions(api)).toBe(ROWS - 1)

  // The job run again does nothing more; the import says it was undone.
  const [job] = await db.select().from(jobs).where(eq(jobs.kind, UNDO_SPREADSHEET_IMPORT))
  expect(job?.state).toBe('done')
  if (job) await undoSpreadsheetImportJob(db)(job)
  expect(await deletions(api)).toBe(ROWS - 1)
  const late = await user.inject('POST', `/api/imports/${importId}/undo`)
  expect(late.statusCode).toBe(409)
  expect(late.json()).toEqual({ message: IMPORT_ALREADY_UNDONE })
}, 180_000)

test('the same undo job run twice at once does its work once', async ({ api }) => {
  hooks.beforeRemove = undefined
  const user = await api.as('user')
  const db = api.database.db
  const importId = await ranImport(api, user)
  // Two runs of its job side by side, as two processes whose leases overlapped.
  const job = await queuedUndo(api, user, importId)
  const handler = undoSpreadsheetImportJob(db)
  await Promise.all([handler(job), handler(job)])
  await api.app.jobs.drain()
  expect(await statusOf(user, importId)).toMatchObject({
    state: 'undone',
    undo: { state: 'done', done: ROWS, total: ROWS, removedTalents: ROWS, keptCount: 0 },
    kept: [],
  })
  expect(await deletions(api)).toBe(ROWS)
  expect(await db.select().from(talents)).toEqual([])
}, 180_000)

test('an undo out of attempts shows as failed; undo asked again goes on from where it stopped', async ({
  api,
}) => {
  hooks.beforeRemove = undefined
  const user = await api.as('user')
  const admin = await api.as('admin')
  const db = api.database.db
  const importId = await ranImport(api, user)
  const job = await queuedUndo(api, user, importId)
  // Its last attempt fails in the second batch.
  hooks.beforeRemove = (after) => {
    if (after > 0) throw new Error('the database went away')
  }
  await expect(undoSpreadsheetImportJob(db)({ ...job, attempts: job.maxAttempts })).rejects.toThrow(
    'the database went away',
  )
  hooks.beforeRemove = undefined
  expect(await statusOf(user, importId)).toMatchObject({
    state: 'done',
    undo: { state: 'failed', done: UNDO_BATCH, total: ROWS },
  })

  // An admin asks again: the job goes on with the rows left, and History names the admin.
  await db.update(jobs).set({ state: 'failed' }).where(eq(jobs.id, job.id))
  const again = await admin.inject('POST', `/api/imports/${importId}/undo`)
  expect(again.statusCode, again.body).toBe(202)
  expect(again.json()).toMatchObject({ undo: { state: 'queued', done: UNDO_BATCH, total: ROWS } })
  await api.app.jobs.drain()
  expect(await statusOf(user, importId)).toMatchObject({
    state: 'undone',
    undo: { state: 'done', done: ROWS, removedTalents: ROWS },
  })
  expect(await deletions(api)).toBe(ROWS)
  const byAdmin = await db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(
      sql`${activityLog.action} = 'talent.deleted' and ${activityLog.userId} = ${admin.user.id}`,
    )
  expect(byAdmin).toHaveLength(ROWS - UNDO_BATCH)
}, 180_000)
