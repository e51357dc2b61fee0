import { asc, count, desc, eq, sql } from 'drizzle-orm'
import {
  ALREADY_UNDONE,
  CV_IMPORT_ITEM_STATES,
  cvImportItemSchema,
  IMPORT_ITEM_NOT_REVIEWABLE,
  IMPORT_NOT_FOUND,
  UNDO_EXPIRED,
  UNDO_FORBIDDEN,
  UNDO_WHILE_RUNNING,
  type CvImport,
  type CvImportItem,
  type CvImportItemState,
  type CvImportReview,
  type CvImportSummary,
  type CvImportUndoResult,
} from '#shared/cv-import.ts'
import { undoChangeSet } from '../changes/change-set.ts'
import { canChange } from '../auth/can-change.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { talents, users } from '../db/schema.ts'
import { changeSets, cvImportItems, cvImports } from '../db/change-schema.ts'
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts'
import { createFromItem } from './talent-from-item.ts'
import { allowLongStatements } from '../db/long-statements.ts'
import { inTransaction } from '../db/in-transaction.ts'

/*
 * PERMISSIONS (the README's table repeats this): any signed-in user imports CVs and
 * sees imports (they may add and see talents one by one); undo is for the person who started the
 * import and for admins, as a delete of others' talents is.
 */
const RECENT_IMPORTS = 50

const summaryColumns = {
  id: cvImports.id,
  state: cvImports.state,
  createdAt: cvImports.createdAt,
  createdById: cvImports.createdById,
  changeSetId: cvImports.changeSetId,
  undoUntil: changeSets.undoUntil,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
}

function selectImports(db: Db) {
  return db
    .select(summaryColumns)
    .from(cvImports)
    .innerJoin(changeSets, eq(changeSets.id, cvImports.changeSetId))
    .leftJoin(users, eq(users.id, cvImports.createdById))
}

type ImportRow = Awaited<ReturnType<typeof selectImports>>[number]

async function countsOf(db: Db, importId: number): Promise<Record<CvImportItemState, number>> {
  const rows = await db
    .select({ state: cvImportItems.state, n: count() })
    .from(cvImportItems)
    .where(eq(cvImportItems.importId, importId))
    .groupBy(cvImportItems.state)
  const counts = Object.fromEntries(CV_IMPORT_ITEM_STATES.map((state) => [state, 0]))
  for (const row of rows) counts[row.state] = row.n
  return { queued: 0, reading: 0, created: 0, attached: 0, needs_review: 0, failed: 0, ...counts }
}

async function toSummary(db: Db, row: ImportRow): Promise<CvImportSummary> {
  const counts = await countsOf(db, row.id)
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
  return {
    id: row.id,
    state: row.state,
    total,
    done: total - counts.queued - counts.reading,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.email === null
        ? null
        : { firstName: row.firstName, lastName: row.lastName, email: row.email },
    undoUntil: row.state === 'undone' ? null : row.undoUntil.toISOString(),
    counts,
  }
}

async function findImport(db: Db, importId: number): Promise<ImportRow> {
  const [row] = await selectImports(db).where(eq(cvImports.id, importId))
  if (!row) throw new NotFoundError(IMPORT_NOT_FOUND)
  return row
}

/** GET /api/cv/imports: the newest imports, everyone's, with their counts. */
export async function listImports(db: Db): Promise<CvImportSummary[]> {
  const rows = await selectImports(db).orderBy(desc(cvImports.id)).limit(RECENT_IMPORTS)
  return Promise.all(rows.map((row) => toSummary(db, row)))
}

/** GET /api/cv/imports/:id: the import and a row per file, in the order they arrived. */
export async function getImport(db: Db, importId: number): Promise<CvImport> {
  const summary = await toSummary(db, await findImport(db, importId))
  const items = await db
    .select({
      id: cvImportItems.id,
      fileName: cvImportItems.fileName,
      state: cvImportItems.state,
      talentId: cvImportItems.talentId,
      talentName: talents.fullName,
      reason: cvImportItems.reason,
      suggested: cvImportItems.suggested,
    })
    .from(cvImportItems)
    .leftJoin(talents, eq(talents.id, cvImportItems.talentId))
    .where(eq(cvImportItems.importId, importId))
    .orderBy(asc(cvImportItems.id))
  return { ...summary, items: items.map((item) => toItem(item)) }
}

const suggestedSchema = cvImportItemSchema.shape.suggested

function toItem(row: Omit<CvImportItem, 'suggested'> & { suggested: unknown }): CvImportItem {
  return { ...row, suggested: suggestedSchema.parse(row.suggested ?? null) }
}

/**
 * A 'needs review' row fixed inline: the person's values make the talent (the form's rules; a
 * taken e-mail is the form's 409 on its field), with the row's CV, recorded for undo.
 */
export async function reviewItem(
  db: Db,
  importId: number,
  itemId: number,
  input: CvImportReview,
  viewer: Actor,
  maxCvVersions: number,
): Promise<CvImportItem> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        state: cvImportItems.state,
        sha256: cvImportItems.sha256,
        fileName: cvImportItems.fileName,
        changeSetId: cvImports.changeSetId,
        importState: cvImports.state,
      })
      .from(cvImportItems)
      .innerJoin(cvImports, eq(cvImports.id, cvImportItems.importId))
      .where(sql`${cvImportItems.id} = ${itemId} AND ${cvImportItems.importId} = ${importId}`)
      .for('update', { of: cvImportItems })
    if (!row) throw new NotFoundError(IMPORT_NOT_FOUND)
    if (row.state !== 'needs_review' || !row.sha256 || row.importState === 'undone') {
      throw new ConflictError(IMPORT_ITEM_NOT_REVIEWABLE)
    }
    const context = { changeSetId: row.changeSetId, actor: viewer, maxCvVersions }
    const file = { sha256: row.sha256, fileName: row.fileName }
    const talentId = await createFromItem(tx, context, { ...input, tags: [], status: [] }, file)
    await tx
      .update(cvImportItems)
      .set({ state: 'created', talentId, sha256: null, reason: null })
      .where(eq(cvImportItems.id, itemId))
  })
  const { items } = await getImport(db, importId)
  const item = items.find((candidate) => candidate.id === itemId)
  if (!item) throw new NotFoundError(IMPORT_NOT_FOUND)
  return item
}

/** POST /api/cv/imports/:id/undo: the whole import, for its author or an admin. */
export async function undoImport(
  db: Db,
  importId: number,
  viewer: Actor,
): Promise<CvImportUndoResult> {
  return inTransaction(db, async (tx) => {
    await allowLongStatements(tx) // security rule 43: past a request's limit
    const [row] = await tx
      .select({
        state: cvImports.state,
        createdById: cvImports.createdById,
        changeSetId: cvImports.changeSetId,
        expired: sql<boolean>`${changeSets.undoUntil} < now()`,
      })
      .from(cvImports)
      .innerJoin(changeSets, eq(changeSets.id, cvImports.changeSetId))
      .where(eq(cvImports.id, importId))
      .for('update', { of: cvImports })
    if (!row) throw new NotFoundError(IMPORT_NOT_FOUND)
    if (!canChange(viewer, row)) {
      throw new ForbiddenError(UNDO_FORBIDDEN)
    }
    if (row.state === 'undone') throw new ConflictError(ALREADY_UNDONE)
    if (row.state === 'running') throw new ConflictError(UNDO_WHILE_RUNNING)
    if (row.expired) throw new ConflictError(UNDO_EXPIRED)
    const result = await undoChangeSet(tx, row.changeSetId, viewer)
    await tx.update(cvImports).set({ state: 'undone' }).where(eq(cvImports.id, importId))
    return result
  })
}
