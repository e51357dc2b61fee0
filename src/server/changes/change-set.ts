import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { chunksOf } from '#shared/chunks.ts'
import { recordActivity } from '../audit/record.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { talents } from '../db/schema.ts'
import { talentCvs } from '../db/file-schema.ts'
import {
  changeSetRows,
  changeSets,
  type CHANGE_ENTITIES,
  type CHANGE_OPS,
} from '../db/change-schema.ts'
import { ConflictError, NotFoundError } from '../errors.ts'
import {
  removeCreatedTalents,
  restoreDeletedTalents,
  revertTalentUpdates,
} from './revert-talents.ts'

/*
 * Change sets (changes/ in docs/architecture.md, "Shared modules"). An operation that can be undone as a whole
 * records, in the transaction of each change, which row it touched and how the row looked right
 * after. Undo reverts what still looks that way and lists what someone changed since, so undo
 * never overwrites later work. CV imports use it first; spreadsheet imports, merges and bulk
 * actions undo through the same rows.
 */
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number]

export const CHANGE_SET_NOT_FOUND = 'Nothing to undo here.'
export const CHANGE_SET_UNDONE = 'This was already undone.'
export const CHANGE_SET_EXPIRED = 'This can no longer be undone.'

/** How long a change set can be undone: a CV import for days, a bulk action for hours. */
type UndoWindow = { undoDays: number } | { undoHours: number }

export async function openChangeSet(
  tx: Db,
  { kind, actor, ...window }: { kind: string; actor: Actor } & UndoWindow,
): Promise<number> {
  const days = 'undoDays' in window ? window.undoDays : 0
  const hours = 'undoHours' in window ? window.undoHours : 0
  const [row] = await tx
    .insert(changeSets)
    .values({
      kind,
      createdById: actor.id,
      undoUntil: sql`now() + make_interval(days => ${days}, hours => ${hours})`,
    })
    .returning({ id: changeSets.id })
  if (!row) throw new Error(`Opening a ${kind} change set returned no row`)
  return row.id
}

/**
 * Records a row the change set created. A talent's updated_at is copied by the database, to the
 * microsecond, so undo can tell whether anyone edited it since.
 */
export async function recordCreated(
  tx: Db,
  changeSetId: number,
  entity: ChangeEntity,
  entityId: number,
): Promise<void> {
  const stamp =
    entity === 'talent'
      ? sql`(SELECT ${talents.updatedAt} FROM ${talents} WHERE ${talents.id} = ${entityId})`
      : null
  await tx.insert(changeSetRows).values({ changeSetId, entity, entityId, stamp })
}

export type UndoResult = {
  removedTalents: number
  removedCvs: number
  /** Talents whose update was reverted or whose delete was taken back. */
  restoredTalents: number
  /**
   * Talents left as they are: edited, or given another CV, since the change (they keep the
   * later edit), or deleted talents whose e-mail another talent has taken since.
   */
  kept: { talentId: number; fullName: string }[]
}

/**
 * How many of the set's updated talents one statement reverts. Unset: all of them. The embedded
 * engine runs a statement on the server's thread; there a bulk undo goes in parts (bulk/service.ts).
 */
export type UndoOptions = { rowsPerStatement?: number }

/** The set's rows of one entity and operation, in the order they were recorded. */
function setRows(
  tx: Db,
  changeSetId: number,
  entity: ChangeEntity,
  op: (typeof CHANGE_OPS)[number],
) {
  return tx
    .select({ id: changeSetRows.id, entityId: changeSetRows.entityId })
    .from(changeSetRows)
    .where(
      and(
        eq(changeSetRows.changeSetId, changeSetId),
        eq(changeSetRows.entity, entity),
        eq(changeSetRows.op, op),
      ),
    )
    .orderBy(asc(changeSetRows.id))
}

/** The set's updated talents put back, `size` at a time, in id order of the set's rows. */
async function revertUpdates(
  tx: Db,
  changeSetId: number,
  actor: Actor,
  size: number | undefined,
): Promise<{ restored: number; kept: UndoResult['kept'] }> {
  if (!size) return revertTalentUpdates(tx, changeSetId, actor)
  const rows = await setRows(tx, changeSetId, 'talent', 'updated')
  const total: { restored: number; kept: UndoResult['kept'] } = { restored: 0, kept: [] }
  for (const part of chunksOf(rows, size)) {
    const reverted = await revertTalentUpdates(tx, changeSetId, actor, {
      after: (part[0]?.id ?? 0) - 1,
      upTo: part.at(-1)?.id ?? 0,
    })
    total.restored += reverted.restored
    total.kept.push(...reverted.kept)
  }
  // As one statement lists them.
  total.kept.sort((a, b) => a.talentId - b.talentId)
  return total
}

/** Removes a CV version the set attached to a talent it did not create. */
async function revertAttachedCv(tx: Db, cvId: number, actor: Actor): Promise<boolean> {
  const [removed] = await tx
    .delete(talentCvs)
    .where(eq(talentCvs.id, cvId))
    .returning({ talentId: talentCvs.talentId, fileName: talentCvs.fileName })
  if (!removed) return false
  await recordActivity(tx, {
    userId: actor.id,
    action: 'talent.cv_removed',
    entityType: 'talent',
    entityId: removed.talentId,
    details: { fileName: removed.fileName, undo: true },
  })
  return true
}

/**
 * Undoes a change set in one transaction: deleted talents come back (with their CVs), updated
 * ones get their before-image back, created talents are deleted (with their CVs), CVs attached to
 * other talents are removed, and whatever moved on since is kept and listed. Refused when already
 * undone or past its undo window (409).
 */
export async function undoChangeSet(
  tx: Db,
  changeSetId: number,
  actor: Actor,
  options: UndoOptions = {},
): Promise<UndoResult> {
  const [set] = await tx
    .select({
      undoneAt: changeSets.undoneAt,
      expired: sql<boolean>`${changeSets.undoUntil} < now()`,
    })
    .from(changeSets)
    .where(eq(changeSets.id, changeSetId))
    .for('update')
  if (!set) throw new NotFoundError(CHANGE_SET_NOT_FOUND)
  if (set.undoneAt) throw new ConflictError(CHANGE_SET_UNDONE)
  if (set.expired) throw new ConflictError(CHANGE_SET_EXPIRED)

  const restoredDeletes = await restoreDeletedTalents(tx, changeSetId, actor)
  const revertedUpdates = await revertUpdates(tx, changeSetId, actor, options.rowsPerStatement)
  const result: UndoResult = {
    removedTalents: 0,
    removedCvs: 0,
    restoredTalents: restoredDeletes.restored + revertedUpdates.restored,
    kept: [...restoredDeletes.kept, ...revertedUpdates.kept],
  }

  // The set's CVs: those on talents it did not create are removed one by one (a CV import
  // attaches tens); those on talents it created go with their talent, or stay when it is kept.
  const cvIds = (await setRows(tx, changeSetId, 'talent_cv', 'created')).map((row) => row.entityId)
  const cvsOnOthers =
    cvIds.length === 0
      ? []
      : await tx
          .select({ id: talentCvs.id })
          .from(talentCvs)
          .where(
            and(
              inArray(talentCvs.id, cvIds),
              sql`not exists (select 1 from ${changeSetRows} c
                where c.change_set_id = ${changeSetId} and c.entity = 'talent' and c.op = 'created'
                  and c.entity_id = ${talentCvs.talentId})`,
            ),
          )
  for (const cv of cvsOnOthers) {
    if (await revertAttachedCv(tx, cv.id, actor)) result.removedCvs++
  }
  // Created talents set-based, in batches: 100,000 of them in a few hundred statements.
  const created = await removeCreatedTalents(tx, changeSetId, actor, cvIds)
  result.removedTalents = created.removed
  result.kept.push(...created.kept)
  await tx
    .update(changeSets)
    .set({ undoneAt: sql`now()`, undoneById: actor.id })
    .where(eq(changeSets.id, changeSetId))
  return result
}
