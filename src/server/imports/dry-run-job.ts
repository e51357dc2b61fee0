import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { z } from 'zod'
import {
  DRY_RUN_FAILED_MESSAGE,
  NO_DRY_RUN_MESSAGE,
  dryRunFailedMessage,
  SPREADSHEET_IMPORT_NOT_FOUND,
  importMappingSchema,
  type DryRunProgress,
  type DryRunResult,
} from '#shared/imports/import-api.ts'
import type { Db } from '../db/open.ts'
import type { ErasureKeys } from '../privacy/erasure/identifiers.ts'
import type { Actor } from '../db/rows.ts'
import { importDryRuns, spreadsheetImports } from '../db/import-schema.ts'
import { AppError, BadRequestError, NotFoundError } from '../errors.ts'
import type { Job } from '../jobs/queue.ts'
import { enqueueJob } from '../jobs/queue.ts'
import type { GiveUpHandler, JobHandler } from '../jobs/runner.ts'
import { checkRows, dryRunPage, MAPPING_FIRST_MESSAGE } from './dry-run.ts'
import { countDataRows } from './read-table.ts'
import { importBytes, importFor, shapeOf } from './uploads.ts'
import { inTransaction } from '../db/in-transaction.ts'

export const DRY_RUN_SPREADSHEET_IMPORT = 'dry-run-spreadsheet-import'
const payloadSchema = z.object({ importId: z.number().int(), generation: z.number().int() })

/** How often a running dry run writes how far it got (the screen polls it). */
const PROGRESS_EVERY_MS = 500

/*
 * The dry run as a background job. A 100,000-row dry run with its duplicate check took 6–14 s,
 * and on the embedded engine it queued behind other jobs on the one connection until the request
 * outlived the server's idle limit. Now POST /dry-run queues the check (or joins the one running
 * for the same mapping), waits briefly, and answers the result — or 202 with rows done of total,
 * which the screen shows as a progress bar while it polls GET /dry-run. The result is kept, so
 * paging through refused rows no longer reads the whole file again.
 */

/** Queues a check of the saved mapping, unless one for this very mapping is queued or running. */
export async function requestDryRun(db: Db, actor: Actor, id: number): Promise<void> {
  await importFor(db, actor, id)
  await inTransaction(db, async (tx) => {
    // Locked: of two requests sent at once, one queues the check and the other joins it.
    const [row] = await tx
      .select({ mapping: spreadsheetImports.mapping })
      .from(spreadsheetImports)
      .where(eq(spreadsheetImports.id, id))
      .for('update')
    if (!row) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
    if (row.mapping === null || !importMappingSchema.safeParse(row.mapping).success)
      throw new BadRequestError(MAPPING_FIRST_MESSAGE)
    const [current] = await currentRun(tx, id)
    if (current?.sameMapping && (current.state === 'queued' || current.state === 'running')) return
    const fresh = { mapping: row.mapping, state: 'queued' as const, total: 0, done: 0 }
    const [queued] = await tx
      .insert(importDryRuns)
      .values({ importId: id, generation: 1, ...fresh })
      .onConflictDoUpdate({
        target: importDryRuns.importId,
        set: {
          ...fresh,
          generation: sql`${importDryRuns.generation} + 1`,
          result: null,
          error: null,
          updatedAt: new Date(),
        },
      })
      .returning({ generation: importDryRuns.generation })
    if (!queued) throw new Error('Queueing a dry run returned no row')
    await enqueueJob(
      tx,
      DRY_RUN_SPREADSHEET_IMPORT,
      { importId: id, generation: queued.generation },
      { maxAttempts: 2 },
    )
  })
}

function currentRun(db: Db, id: number) {
  return db
    .select({
      state: importDryRuns.state,
      total: importDryRuns.total,
      done: importDryRuns.done,
      error: importDryRuns.error,
      sameMapping: sql<boolean>`${importDryRuns.mapping} = ${spreadsheetImports.mapping}`,
    })
    .from(importDryRuns)
    .innerJoin(spreadsheetImports, eq(spreadsheetImports.id, importDryRuns.importId))
    .where(eq(importDryRuns.importId, id))
}

export type DryRunAnswer =
  { status: 200; body: DryRunResult } | { status: 202; body: DryRunProgress }

/**
 * The latest check of the saved mapping: its result (one page of refused rows), or how far it
 * got. A failed check answers the reason the file was refused; none for this mapping, 400.
 */
export async function dryRunAnswer(
  db: Db,
  actor: Actor,
  id: number,
  page: number,
): Promise<DryRunAnswer> {
  await importFor(db, actor, id)
  const [run] = await currentRun(db, id)
  if (!run?.sameMapping) throw new BadRequestError(NO_DRY_RUN_MESSAGE)
  if (run.state === 'failed') throw new BadRequestError(run.error ?? DRY_RUN_FAILED_MESSAGE)
  if (run.state === 'done') {
    const [kept] = await db
      .select({ result: importDryRuns.result })
      .from(importDryRuns)
      .where(eq(importDryRuns.importId, id))
    if (kept?.result) return { status: 200, body: dryRunPage(kept.result, page) }
  }
  const state = run.state === 'queued' ? 'queued' : 'running'
  return { status: 202, body: { state, total: run.total, done: run.done } }
}

/** Waits up to `ms` for the import's check to end, so a small file answers in one request. */
export async function waitForDryRun(db: Db, id: number, ms: number): Promise<void> {
  const until = Date.now() + ms
  for (let pause = 25; Date.now() < until; pause = Math.min(pause * 2, 200)) {
    const [run] = await db
      .select({ state: importDryRuns.state })
      .from(importDryRuns)
      .where(eq(importDryRuns.importId, id))
    if (run?.state !== 'queued' && run?.state !== 'running') return
    await sleep(Math.min(pause, until - Date.now()))
  }
}

/** Thrown inside a check whose generation moved on: a newer check replaces it. */
class Superseded extends Error {}

async function runDryRun(
  db: Db,
  phoneRegion: CountryCode | undefined,
  erasure: ErasureKeys,
  { importId, generation }: z.infer<typeof payloadSchema>,
): Promise<void> {
  const mine = and(eq(importDryRuns.importId, importId), eq(importDryRuns.generation, generation))
  const [run] = await db.select({ mapping: importDryRuns.mapping }).from(importDryRuns).where(mine)
  const [row] = await db
    .select()
    .from(spreadsheetImports)
    .where(eq(spreadsheetImports.id, importId))
  if (!run || !row) return
  const report = async (progress: { total?: number; done?: number }) => {
    const moved = await db
      .update(importDryRuns)
      .set({ ...progress, state: 'running', updatedAt: new Date() })
      .where(mine)
      .returning({ generation: importDryRuns.generation })
    if (moved.length === 0) throw new Superseded()
  }
  try {
    const mapping = importMappingSchema.parse(run.mapping)
    const bytes = await importBytes(db, row)
    const shape = shapeOf(row)
    await report({ total: await countDataRows(bytes, shape, mapping.sheet), done: 0 })
    let reportedAt = Date.now()
    const kept = await checkRows(db, {
      bytes,
      shape,
      mapping,
      phoneRegion,
      erasure,
      onProgress: async (done) => {
        if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return
        reportedAt = Date.now()
        await report({ done })
      },
    })
    await db
      .update(importDryRuns)
      .set({ state: 'done', done: kept.total, result: kept, updatedAt: new Date() })
      .where(mine)
  } catch (error) {
    if (error instanceof Superseded) return
    // A file refused part-way (an unclosed quote on row 40,000): the person reads why.
    if (error instanceof AppError) return failed(db, mine, error.message)
    // Retried; after the last attempt giveUpDryRun keeps the reason.
    throw error
  }
}

async function failed(db: Db, mine: ReturnType<typeof and>, message: string): Promise<void> {
  await db
    .update(importDryRuns)
    .set({ state: 'failed', error: message, updatedAt: new Date() })
    .where(mine)
}

export function dryRunSpreadsheetImportJob(
  db: Db,
  phoneRegion: CountryCode | undefined,
  erasure: ErasureKeys,
): JobHandler {
  return async (job: Job) => runDryRun(db, phoneRegion, erasure, payloadSchema.parse(job.payload))
}

/**
 * Security rule 45: a check whose job failed for good ends 'failed' with the reason (the screen
 * shows it, and the run is refused until the rows are checked again), never 'running' for ever.
 */
export function giveUpDryRun(db: Db): GiveUpHandler {
  return async (job: Job, reason: string) => {
    const { importId, generation } = payloadSchema.parse(job.payload)
    const mine = and(
      eq(importDryRuns.importId, importId),
      eq(importDryRuns.generation, generation),
      inArray(importDryRuns.state, ['queued', 'running']),
    )
    await failed(db, mine, dryRunFailedMessage(reason))
  }
}
