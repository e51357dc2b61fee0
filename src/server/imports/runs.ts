import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import { mappingProblems } from '#shared/imports/column-mapping.ts'
import {
  ALREADY_RUN_MESSAGE,
  DRY_RUN_FAILED_MESSAGE,
  FAILED_IMPORT_RUN_MESSAGE,
  SPREADSHEET_IMPORT_NOT_FOUND,
  SPREADSHEET_IMPORT_UNDO_DAYS,
  checkFailedMessage,
  importFailedMessage,
  importMappingSchema,
  type SpreadsheetImport,
  type SpreadsheetImportDetail,
} from '#shared/imports/import-api.ts'
import { openChangeSet } from '../changes/change-set.ts'
import { changeableBy } from '../auth/can-change.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { users } from '../db/schema.ts'
import { changeSets } from '../db/change-schema.ts'
import { importDryRuns, spreadsheetImports } from '../db/import-schema.ts'
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts'
import { enqueueJob } from '../jobs/queue.ts'
import { MAPPING_FIRST_MESSAGE } from './dry-run.ts'
import { RUN_SPREADSHEET_IMPORT } from './run-job.ts'
import { importFor } from './uploads.ts'
import { inTransaction } from '../db/in-transaction.ts'

const RECENT_IMPORTS = 50

/**
 * POST /api/imports/:id/run: the import is queued as a job in the same
 * transaction as its change set, so it survives a closed tab or a restart. The row is locked
 * and its state checked first: of two runs sent at once, one starts and the other gets 409.
 */
export async function startRun(
  db: Db,
  actor: Actor,
  id: number,
  input: { includeErased: boolean } = { includeErased: false },
): Promise<void> {
  await importFor(db, actor, id)
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ state: spreadsheetImports.state, mapping: spreadsheetImports.mapping })
      .from(spreadsheetImports)
      .where(eq(spreadsheetImports.id, id))
      .for('update')
    if (!row) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
    if (row.state === 'failed') throw new ConflictError(FAILED_IMPORT_RUN_MESSAGE)
    if (row.state !== 'mapping') throw new ConflictError(ALREADY_RUN_MESSAGE)
    const mapping = importMappingSchema.safeParse(row.mapping)
    if (row.mapping === null || !mapping.success) throw new BadRequestError(MAPPING_FIRST_MESSAGE)
    const failedCheck = await failedCheckOf(tx, id)
    if (failedCheck !== undefined) throw new ConflictError(checkFailedMessage(failedCheck))
    const problems = mappingProblems(mapping.data.columns)
    if (problems.length > 0) throw new BadRequestError(problems.join(' '))
    const changeSetId = await openChangeSet(tx, {
      kind: 'spreadsheet-import',
      actor,
      undoDays: SPREADSHEET_IMPORT_UNDO_DAYS,
    })
    await tx
      .update(spreadsheetImports)
      .set({ state: 'queued', changeSetId, updatedAt: new Date() })
      .where(eq(spreadsheetImports.id, id))
    await enqueueJob(
      tx,
      RUN_SPREADSHEET_IMPORT,
      { importId: id, includeErased: input.includeErased },
      { maxAttempts: 5 },
    )
  })
}

/**
 * The reason the latest check of the saved mapping failed, if it did (security rule 45): the run
 * would meet what the check met. A check never asked for, or one of another mapping, blocks
 * nothing.
 */
async function failedCheckOf(tx: Db, id: number): Promise<string | undefined> {
  const [check] = await tx
    .select({ state: importDryRuns.state, error: importDryRuns.error })
    .from(importDryRuns)
    .innerJoin(spreadsheetImports, eq(spreadsheetImports.id, importDryRuns.importId))
    .where(
      and(
        eq(importDryRuns.importId, id),
        sql`${importDryRuns.mapping} = ${spreadsheetImports.mapping}`,
      ),
    )
  if (check?.state !== 'failed') return undefined
  return check.error ?? DRY_RUN_FAILED_MESSAGE
}

// The talents an undo kept are read for one import only (importStatus): they can be thousands.
const { undoKept, ...otherColumns } = getTableColumns(spreadsheetImports)
const listedColumns = {
  ...otherColumns,
  undoKeptCount: sql<number>`jsonb_array_length(${undoKept})`.mapWith(Number),
}

function selectImports(db: Db) {
  return db
    .select({
      row: listedColumns,
      undoUntil: changeSets.undoUntil,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(spreadsheetImports)
    .leftJoin(changeSets, eq(changeSets.id, spreadsheetImports.changeSetId))
    .leftJoin(users, eq(users.id, spreadsheetImports.createdById))
}

type SelectedImport = Awaited<ReturnType<typeof selectImports>>[number]

function toApi({ row, undoUntil, firstName, lastName, email }: SelectedImport): SpreadsheetImport {
  const name = [firstName, lastName].filter((part) => part).join(' ')
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state,
    total: row.total,
    done: row.done,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    invalid: row.invalid,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.state === 'failed' ? (row.error ?? importFailedMessage('no reason was kept')) : null,
    undoUntil: undoUntil?.toISOString() ?? null,
    createdBy:
      row.createdById === null ? null : { id: row.createdById, name: name || (email ?? '') },
    undo:
      row.undoState === null
        ? null
        : {
            state: row.undoState,
            done: row.undoDone,
            total: row.undoTotal,
            removedTalents: row.undoRemoved,
            restoredTalents: row.undoRestored,
            keptCount: row.undoKeptCount,
          },
  }
}

/**
 * GET /api/imports/:id: where the import stands (the screen polls it while it runs or is being
 * undone), and the talents its undo left as they are.
 */
export async function importStatus(
  db: Db,
  actor: Actor,
  id: number,
): Promise<SpreadsheetImportDetail> {
  const { undoKept } = await importFor(db, actor, id)
  const [selected] = await selectImports(db).where(eq(spreadsheetImports.id, id))
  if (!selected) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
  return { ...toApi(selected), kept: undoKept }
}

/** GET /api/imports: the person's own imports that were run (an admin sees everyone's). */
export async function listRuns(db: Db, actor: Actor): Promise<SpreadsheetImport[]> {
  const ran = sql`${spreadsheetImports.state} <> 'mapping'`
  const rows = await selectImports(db)
    .where(and(ran, changeableBy(actor, spreadsheetImports.createdById)))
    .orderBy(desc(spreadsheetImports.id))
    .limit(RECENT_IMPORTS)
  return rows.map(toApi)
}
