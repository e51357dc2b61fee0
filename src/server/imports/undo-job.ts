import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  IMPORT_ALREADY_UNDONE,
  IMPORT_UNDO_EXPIRED,
  IMPORT_UNDO_NOT_READY,
  IMPORT_UNDO_RUNNING,
  SPREADSHEET_IMPORT_NOT_FOUND,
} from '#shared/imports/import-api.ts'
import { removeCreatedTalents, revertTalentUpdates } from '../changes/revert-talents.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { users } from '../db/schema.ts'
import { changeSetRows, changeSets } from '../db/change-schema.ts'
import { spreadsheetImports } from '../db/import-schema.ts'
import { ConflictError, NotFoundError } from '../errors.ts'
import { enqueueJob, type Job } from '../jobs/queue.ts'
import type { JobHandler } from '../jobs/runner.ts'
import { queueTableUpkeep, UPKEEP_AFTER_ROWS } from '../jobs/table-upkeep.ts'
import { importFor } from './uploads.ts'
import { allowLongStatements } from '../db/long-statements.ts'
import { inTransaction } from '../db/in-transaction.ts'

/*
 * Undo of a spreadsheet import as a background job. Undone in one request, an
 * import of 99,000 talents outlasted the server's 30 s timeout: the work finished but the answer
 * was lost. The job goes through the import's change set a batch at a time, each batch in its own
 * transaction with the import's progress, so the embedded engine (one connection) is never held
 * for long, the screen can show "N of M", and a process killed mid-way leaves whole batches: the
 * job, claimed again, goes on after the last row its progress counts.
 */
export const UNDO_SPREADSHEET_IMPORT = 'undo-spreadsheet-import'
const payloadSchema = z.object({ importId: z.number().int() })

/**
 * Change-set rows per transaction, as many as a batch of the run. 1,000 held the embedded engine
 * up to ~4 s on a loaded 2-core machine (bench:import, slowest progress poll).
 */
export const UNDO_BATCH = 500

/**
 * POST /api/imports/:id/undo: the same refusals as when undo ran in the request, and one more
 * while an undo is queued or running (409); then the job is queued with the import's new state.
 * A failed undo may be asked again: it goes on from where it stopped, even past the 7 days.
 */
export async function requestUndo(db: Db, actor: Actor, id: number): Promise<void> {
  // Someone else's import is not theirs to see, so not to undo either: the same 404.
  await importFor(db, actor, id)
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        state: spreadsheetImports.state,
        undoState: spreadsheetImports.undoState,
        changeSetId: spreadsheetImports.changeSetId,
        expired: sql<boolean>`${changeSets.undoUntil} < now()`,
      })
      .from(spreadsheetImports)
      .leftJoin(changeSets, eq(changeSets.id, spreadsheetImports.changeSetId))
      .where(eq(spreadsheetImports.id, id))
      .for('update', { of: spreadsheetImports })
    if (!row) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
    if (row.state === 'undone') throw new ConflictError(IMPORT_ALREADY_UNDONE)
    if (row.undoState === 'queued' || row.undoState === 'running')
      throw new ConflictError(IMPORT_UNDO_RUNNING)
    if ((row.state !== 'done' && row.state !== 'failed') || row.changeSetId === null)
      throw new ConflictError(IMPORT_UNDO_NOT_READY)
    const resuming = row.undoState === 'failed'
    if (row.expired && !resuming) throw new ConflictError(IMPORT_UNDO_EXPIRED)
    const [counted] = resuming
      ? []
      : await tx
          .select({ rows: count() })
          .from(changeSetRows)
          .where(eq(changeSetRows.changeSetId, row.changeSetId))
    await tx
      .update(spreadsheetImports)
      .set({
        undoState: 'queued',
        undoById: actor.id,
        ...(counted ? { undoTotal: counted.rows } : {}),
        updatedAt: new Date(),
      })
      .where(eq(spreadsheetImports.id, id))
    await enqueueJob(tx, UNDO_SPREADSHEET_IMPORT, { importId: id }, { maxAttempts: 5 })
  })
}

async function undoer(tx: Db, userId: number | null): Promise<Actor | undefined> {
  if (userId === null) return undefined
  const [user] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
  return user
}

export type UndoStep = 'more' | 'finished' | 'stopped'

/**
 * Undoes the next batch of the import's change set in one transaction: updated talents get their
 * before-image back, created ones are deleted, and those changed since are kept and listed
 * (revert-talents.ts). The import row is locked and its progress read inside the transaction, so
 * two runs of the job (a lease that ran out) take batches in turn and never undo a row twice.
 */
export async function undoNextBatch(db: Db, importId: number): Promise<UndoStep> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx) // security rule 43: past a request's limit
    const [row] = await tx
      .select({
        undoState: spreadsheetImports.undoState,
        undoAfter: spreadsheetImports.undoAfter,
        undoById: spreadsheetImports.undoById,
        undoTotal: spreadsheetImports.undoTotal,
        changeSetId: spreadsheetImports.changeSetId,
      })
      .from(spreadsheetImports)
      .where(eq(spreadsheetImports.id, importId))
      .for('update')
    // Ids start at 1: no change set, no undo.
    if (!row?.changeSetId) return 'stopped'
    if (row.undoState !== 'queued' && row.undoState !== 'running') return 'stopped'
    const actor = await undoer(tx, row.undoById)
    // History names who undid; with them gone, the person can ask again (a new undoer).
    if (!actor) {
      await markFailed(tx, importId)
      return 'stopped'
    }
    const { changeSetId } = row
    const batch = await tx
      .select({ id: changeSetRows.id })
      .from(changeSetRows)
      .where(and(eq(changeSetRows.changeSetId, changeSetId), gt(changeSetRows.id, row.undoAfter)))
      .orderBy(asc(changeSetRows.id))
      .limit(UNDO_BATCH)
    const last = batch.at(-1)
    if (last) {
      const range = { after: row.undoAfter, upTo: last.id }
      // A spreadsheet import only creates and updates talents: it records no CVs or deletes.
      const updates = await revertTalentUpdates(tx, changeSetId, actor, range)
      const created = await removeCreatedTalents(tx, changeSetId, actor, [], range)
      const kept = [...updates.kept, ...created.kept]
      await tx
        .update(spreadsheetImports)
        .set({
          undoState: 'running',
          undoAfter: last.id,
          undoDone: sql`${spreadsheetImports.undoDone} + ${batch.length}`,
          undoRemoved: sql`${spreadsheetImports.undoRemoved} + ${created.removed}`,
          undoRestored: sql`${spreadsheetImports.undoRestored} + ${updates.restored}`,
          ...(kept.length > 0
            ? { undoKept: sql`${spreadsheetImports.undoKept} || ${JSON.stringify(kept)}::jsonb` }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(spreadsheetImports.id, importId))
    }
    if (batch.length === UNDO_BATCH) return 'more'
    await tx
      .update(changeSets)
      .set({ undoneAt: sql`now()`, undoneById: actor.id })
      .where(and(eq(changeSets.id, changeSetId), isNull(changeSets.undoneAt)))
    await tx
      .update(spreadsheetImports)
      .set({ state: 'undone', undoState: 'done', updatedAt: new Date() })
      .where(eq(spreadsheetImports.id, importId))
    if ((row.undoTotal ?? 0) >= UPKEEP_AFTER_ROWS) await queueTableUpkeep(tx)
    return 'finished'
  })
}

async function markFailed(db: Db, importId: number): Promise<void> {
  await db
    .update(spreadsheetImports)
    .set({ undoState: 'failed', updatedAt: new Date() })
    .where(
      and(
        eq(spreadsheetImports.id, importId),
        inArray(spreadsheetImports.undoState, ['queued', 'running']),
      ),
    )
}

export function undoSpreadsheetImportJob(db: Db): JobHandler {
  return async (job: Job) => {
    const { importId } = payloadSchema.parse(job.payload)
    try {
      while ((await undoNextBatch(db, importId)) === 'more') {
        // Requests get a turn between batches: on the embedded engine each query resolves as a
        // microtask, so back-to-back batches would hold the event loop (runner.ts).
        await setImmediatePromise()
      }
    } catch (error) {
      // Out of attempts: the screen stops showing progress and offers Undo again, which goes on.
      if (job.attempts >= job.maxAttempts) await markFailed(db, importId)
      throw error
    }
  }
}
