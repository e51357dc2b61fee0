import { desc, eq, sql } from 'drizzle-orm'
import { mappingProblems } from '#shared/imports/column-mapping.ts'
import {
  ALREADY_RUN_MESSAGE,
  IMPORT_ALREADY_UNDONE,
  IMPORT_UNDO_EXPIRED,
  IMPORT_UNDO_NOT_READY,
  SPREADSHEET_IMPORT_NOT_FOUND,
  SPREADSHEET_IMPORT_UNDO_DAYS,
  importMappingSchema,
  type SpreadsheetImport,
} from '#shared/imports/import-api.ts'
import { openChangeSet, undoChangeSet, type UndoResult } from '../changes/change-set.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { users } from '../db/schema.ts'
import { changeSets } from '../db/change-schema.ts'
import { spreadsheetImports } from '../db/import-schema.ts'
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts'
import { enqueueJob } from '../jobs/queue.ts'
import { MAPPING_FIRST_MESSAGE } from './dry-run.ts'
import { RUN_SPREADSHEET_IMPORT } from './run-job.ts'
import { importFor } from './uploads.ts'

const RECENT_IMPORTS = 50

/**
 * POST /api/imports/:id/run (issue 18 item 4): the import is queued as a job in the same
 * transaction as its change set, so it survives a closed tab or a restart. The row is locked
 * and its state checked first: of two runs sent at once, one starts and the other gets 409.
 */
export async function startRun(db: Db, actor: Actor, id: number): Promise<void> {
  await importFor(db, actor, id)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: spreadsheetImports.state, mapping: spreadsheetImports.mapping })
      .from(spreadsheetImports)
      .where(eq(spreadsheetImports.id, id))
      .for('update')
    if (!row) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
    if (row.state !== 'mapping') throw new ConflictError(ALREADY_RUN_MESSAGE)
    const mapping = importMappingSchema.safeParse(row.mapping)
    if (row.mapping === null || !mapping.success) throw new BadRequestError(MAPPING_FIRST_MESSAGE)
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
    await enqueueJob(tx, RUN_SPREADSHEET_IMPORT, { importId: id }, { maxAttempts: 5 })
  })
}

function selectImports(db: Db) {
  return db
    .select({
      row: spreadsheetImports,
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
    undoUntil: undoUntil?.toISOString() ?? null,
    createdBy:
      row.createdById === null ? null : { id: row.createdById, name: name || (email ?? '') },
  }
}

/** GET /api/imports/:id: where the import stands (the screen polls it while it runs). */
export async function importStatus(db: Db, actor: Actor, id: number): Promise<SpreadsheetImport> {
  await importFor(db, actor, id)
  const [selected] = await selectImports(db).where(eq(spreadsheetImports.id, id))
  if (!selected) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
  return toApi(selected)
}

/** GET /api/imports: the person's own imports that were run (an admin sees everyone's). */
export async function listRuns(db: Db, actor: Actor): Promise<SpreadsheetImport[]> {
  const ran = sql`${spreadsheetImports.state} <> 'mapping'`
  const rows = await selectImports(db)
    .where(
      actor.role === 'admin'
        ? ran
        : sql`${ran} AND ${spreadsheetImports.createdById} = ${actor.id}`,
    )
    .orderBy(desc(spreadsheetImports.id))
    .limit(RECENT_IMPORTS)
  return rows.map(toApi)
}

/**
 * POST /api/imports/:id/undo (issue 18 item 5): created talents are removed and updated fields go
 * back, through the change set; talents edited since are left as they are and listed.
 */
export async function undoRun(db: Db, actor: Actor, id: number): Promise<UndoResult> {
  // Someone else's import is not theirs to see, so not to undo either: the same 404.
  await importFor(db, actor, id)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        state: spreadsheetImports.state,
        changeSetId: spreadsheetImports.changeSetId,
        expired: sql<boolean>`${changeSets.undoUntil} < now()`,
      })
      .from(spreadsheetImports)
      .leftJoin(changeSets, eq(changeSets.id, spreadsheetImports.changeSetId))
      .where(eq(spreadsheetImports.id, id))
      .for('update', { of: spreadsheetImports })
    if (!row) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
    if (row.state === 'undone') throw new ConflictError(IMPORT_ALREADY_UNDONE)
    if ((row.state !== 'done' && row.state !== 'failed') || row.changeSetId === null)
      throw new ConflictError(IMPORT_UNDO_NOT_READY)
    if (row.expired) throw new ConflictError(IMPORT_UNDO_EXPIRED)
    const result = await undoChangeSet(tx, row.changeSetId, actor)
    await tx
      .update(spreadsheetImports)
      .set({ state: 'undone', updatedAt: new Date() })
      .where(eq(spreadsheetImports.id, id))
    return result
  })
}
