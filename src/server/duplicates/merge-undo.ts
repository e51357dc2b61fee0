import { and, eq, inArray, sql } from 'drizzle-orm'
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import type { MergeUndone } from '#shared/duplicates.ts'
import { TALENT_FIELDS } from '#shared/talent.ts'
import { recordActivity } from '../audit/record.ts'
import { inTransaction } from '../db/in-transaction.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { merges } from '../db/duplicate-schema.ts'
import { talents, users } from '../db/schema.ts'
import { talentCvs } from '../db/file-schema.ts'
import { ConflictError, NotFoundError } from '../errors.ts'
import { readTalentImages, talentImageSchema, type TalentImage } from './talent-image.ts'

export const MERGE_NOT_FOUND = 'Merge not found'
export const MERGE_ALREADY_UNDONE = 'This merge was already undone.'
export const MERGE_EXPIRED = 'This merge is more than 30 days old and can no longer be undone.'
export const SURVIVOR_DELETED =
  'The talent these were merged into was deleted, so this merge can no longer be undone.'
export const UNDO_EMAIL_TAKEN =
  "A merged talent's e-mail is now used by another talent. Change that talent's e-mail, then undo again."

const beforeSchema = z.object({ survivor: talentImageSchema, merged: z.array(talentImageSchema) })

/** The survivor's fields a merge changed; undo puts back those nobody changed since. */
const RESTORED_FIELDS = TALENT_FIELDS

/** Per field: back to the before-image if it still holds the merge's value, else kept and listed. */
function survivorRestore(before: TalentImage, after: TalentImage, current: TalentImage) {
  const restore: Partial<Pick<TalentImage, (typeof RESTORED_FIELDS)[number]>> = {}
  const kept: MergeUndone['kept'] = []
  for (const field of RESTORED_FIELDS) {
    if (isDeepStrictEqual(current[field], after[field])) {
      Object.assign(restore, { [field]: before[field] })
    } else {
      kept.push({ field, value: current[field] })
    }
  }
  return { restore, kept }
}

/** Puts a merged talent back with its id, fields, adder (if still a user) and timestamps. */
async function reinsert(tx: Db, image: TalentImage, survivorId: number): Promise<void> {
  const { cvIds, createdAt, updatedAt, addedById, ...fields } = image
  await tx.insert(talents).values({
    ...fields,
    addedById: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${addedById})`,
    createdAt: sql`${createdAt}::timestamptz`,
    updatedAt: sql`${updatedAt}::timestamptz`,
  })
  if (cvIds.length === 0) return
  await tx
    .update(talentCvs)
    .set({ talentId: image.id })
    .where(and(inArray(talentCvs.id, cvIds), eq(talentCvs.talentId, survivorId)))
}

/**
 * POST /api/merges/:id/undo, admins only, for 30 days: the merged talents come
 * back exactly (fields, tags, CVs, history — their log entries never moved), the survivor gets
 * its own values back wherever nobody changed them since the merge, and what was changed since
 * stays and is listed. Refused clearly when already undone, too old, or the survivor is gone.
 */
export async function undoMerge(db: Db, mergeId: number, actor: Actor): Promise<MergeUndone> {
  return inTransaction(
    db,
    async (tx) => {
      const [merge] = await tx
        .select({
          survivorId: merges.survivorId,
          before: merges.before,
          after: merges.after,
          undoneAt: merges.undoneAt,
          expired: sql<boolean>`${merges.undoUntil} < now()`,
        })
        .from(merges)
        .where(eq(merges.id, mergeId))
        .for('update')
      if (!merge) throw new NotFoundError(MERGE_NOT_FOUND)
      if (merge.undoneAt) throw new ConflictError(MERGE_ALREADY_UNDONE)
      if (merge.expired) throw new ConflictError(MERGE_EXPIRED)
      const before = beforeSchema.parse(merge.before)
      const after = talentImageSchema.parse(merge.after)

      const [locked] = await tx
        .select({ id: talents.id })
        .from(talents)
        .where(eq(talents.id, merge.survivorId))
        .for('update')
      const current = locked
        ? (await readTalentImages(tx, [merge.survivorId])).get(merge.survivorId)
        : undefined
      if (!current) throw new ConflictError(SURVIVOR_DELETED)

      const { restore, kept } = survivorRestore(before.survivor, after, current)
      if (Object.keys(restore).length > 0) {
        await tx
          .update(talents)
          .set({
            ...restore,
            updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`,
          })
          .where(eq(talents.id, merge.survivorId))
      }
      for (const image of before.merged) await reinsert(tx, image, merge.survivorId)
      await tx
        .update(merges)
        .set({ undoneAt: sql`now()`, undoneById: actor.id })
        .where(eq(merges.id, mergeId))
      const restored = before.merged.map(({ id, fullName }) => ({ id, fullName }))
      await recordActivity(tx, {
        userId: actor.id,
        action: 'talent.merge_undone',
        entityType: 'talent',
        entityId: merge.survivorId,
        details: { mergeId, restored, kept: kept.map((change) => change.field) },
      })
      return { restored, kept }
    },
    { onDuplicate: () => new ConflictError(UNDO_EMAIL_TAKEN) },
  )
}
