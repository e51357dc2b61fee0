import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { recordActivity } from '../activity/record.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { talentCvs, talents } from '../db/schema.ts'
import { changeSetRows, changeSets, type CHANGE_ENTITIES } from '../db/change-schema.ts'
import { ConflictError, NotFoundError } from '../errors.ts'
import { restoreDeletedTalents, revertTalentUpdates } from './revert-talents.ts'

/*
 * Change sets (ARCHITECTURE.md "Growing": changes/). An operation that can be undone as a whole
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

/** Deletes a created talent unless it moved on: edited, or a CV attached outside this set. */
async function revertCreatedTalent(
  tx: Db,
  { rowId, talentId }: { rowId: number; talentId: number },
  setCvIds: number[],
  actor: Actor,
): Promise<'removed' | 'gone' | { kept: string }> {
  const [talent] = await tx
    .select({
      fullName: talents.fullName,
      email: talents.email,
      edited: sql<boolean>`${talents.updatedAt} IS DISTINCT FROM ${changeSetRows.stamp}`,
    })
    .from(talents)
    .innerJoin(changeSetRows, eq(changeSetRows.id, rowId))
    .where(eq(talents.id, talentId))
    .for('update', { of: talents })
  if (!talent) return 'gone'
  const otherCvs = await tx
    .select({ id: talentCvs.id })
    .from(talentCvs)
    .where(
      and(
        eq(talentCvs.talentId, talentId),
        setCvIds.length > 0 ? notInArray(talentCvs.id, setCvIds) : undefined,
      ),
    )
    .limit(1)
  if (talent.edited || otherCvs.length > 0) {
    return { kept: talent.fullName }
  }
  await tx.delete(talents).where(eq(talents.id, talentId))
  await recordActivity(tx, {
    userId: actor.id,
    action: 'talent.deleted',
    entityType: 'talent',
    entityId: talentId,
    details: { fullName: talent.fullName, email: talent.email, undo: true },
  })
  return 'removed'
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
  const revertedUpdates = await revertTalentUpdates(tx, changeSetId, actor)
  const result: UndoResult = {
    removedTalents: 0,
    removedCvs: 0,
    restoredTalents: restoredDeletes.restored + revertedUpdates.restored,
    kept: [...restoredDeletes.kept, ...revertedUpdates.kept],
  }

  // Created rows are read one by one: imports create hundreds, not tens of thousands.
  const rows = await tx
    .select({
      id: changeSetRows.id,
      entity: changeSetRows.entity,
      entityId: changeSetRows.entityId,
    })
    .from(changeSetRows)
    .where(and(eq(changeSetRows.changeSetId, changeSetId), eq(changeSetRows.op, 'created')))
    .orderBy(asc(changeSetRows.id))
  const createdTalents = rows.filter((row) => row.entity === 'talent')
  const cvIds = rows.filter((row) => row.entity === 'talent_cv').map((row) => row.entityId)
  const createdTalentIds = new Set(createdTalents.map((row) => row.entityId))

  // CVs on talents the set created go with their talent (or stay with it when it is kept).
  const cvsOnOthers =
    cvIds.length === 0
      ? []
      : await tx
          .select({ id: talentCvs.id, talentId: talentCvs.talentId })
          .from(talentCvs)
          .where(inArray(talentCvs.id, cvIds))
  for (const cv of cvsOnOthers) {
    if (createdTalentIds.has(cv.talentId)) continue
    if (await revertAttachedCv(tx, cv.id, actor)) result.removedCvs++
  }
  for (const row of createdTalents) {
    const target = { rowId: row.id, talentId: row.entityId }
    const outcome = await revertCreatedTalent(tx, target, cvIds, actor)
    if (outcome === 'removed') result.removedTalents++
    else if (outcome !== 'gone')
      result.kept.push({ talentId: row.entityId, fullName: outcome.kept })
  }
  await tx
    .update(changeSets)
    .set({ undoneAt: sql`now()`, undoneById: actor.id })
    .where(eq(changeSets.id, changeSetId))
  return result
}
