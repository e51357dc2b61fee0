import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { MERGE_UNDO_DAYS, type MergeInput } from '#shared/duplicates.ts'
import { recordActivity } from '../audit/record.ts'
import { inTransaction } from '../db/in-transaction.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { merges } from '../db/duplicate-schema.ts'
import { talents } from '../db/schema.ts'
import { talentCvs } from '../db/file-schema.ts'
import { ConflictError, NotFoundError } from '../errors.ts'
import { TALENT_NOT_FOUND } from '../db/talent-lock.ts'
import { removeMergedPairs } from './stored-groups.ts'
import { mergedValues } from './merge-values.ts'
import { readTalentImages, type TalentImage } from './talent-image.ts'

export const ALREADY_MERGED = 'One of these talents was just merged. Reload to see the result.'
export const MERGE_CLASH = 'These talents changed while merging. Reload and try again.'

/** Why a talent of the merge is missing: merged a moment ago (409), or deleted (404). */
async function missingTalentError(tx: Db, ids: number[]): Promise<Error> {
  const [merged] = await tx
    .select({ id: merges.id })
    .from(merges)
    .where(
      and(
        // One JSON parameter: drizzle would spread a JS array into a list of parameters.
        sql`${merges.mergedIds} && ARRAY(SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::int)`,
        isNull(merges.undoneAt),
      ),
    )
    .limit(1)
  return merged ? new ConflictError(ALREADY_MERGED) : new NotFoundError(TALENT_NOT_FOUND)
}

/**
 * POST /api/merges, admins only (routes.ts). One transaction: the talents are
 * locked in id order (so two merges of the same pair queue; the second finds one gone and gets
 * 409), the survivor takes the picked fields, tags, statuses and every note, every CV version
 * moves to it, the merged talents go, and their before-images are kept for undo.
 */
export async function mergeTalents(
  db: Db,
  input: MergeInput,
  actor: Actor,
): Promise<{ mergeId: number }> {
  const ids = [input.survivorId, ...input.mergedIds]
  return inTransaction(
    db,
    async (tx) => {
      const locked = await tx
        .select({ id: talents.id })
        .from(talents)
        .where(inArray(talents.id, ids))
        .orderBy(asc(talents.id))
        .for('update')
      if (locked.length !== ids.length) {
        const present = new Set(locked.map((row) => row.id))
        throw await missingTalentError(
          tx,
          ids.filter((id) => !present.has(id)),
        )
      }
      const imagesById = await readTalentImages(tx, ids)
      const images = ids.flatMap((id) => {
        const image = imagesById.get(id)
        return image ? [image] : []
      })
      const [survivor, ...merged] = images
      if (!survivor) throw new NotFoundError(TALENT_NOT_FOUND)
      const { values, sources } = mergedValues(images, input.fields)

      await tx
        .update(talentCvs)
        .set({ talentId: survivor.id })
        .where(inArray(talentCvs.talentId, input.mergedIds))
      await tx.delete(talents).where(inArray(talents.id, input.mergedIds))
      // The merged group leaves the duplicates page at once (the next scan sees the survivor).
      await removeMergedPairs(tx, input.mergedIds)
      await tx
        .update(talents)
        .set({
          ...values,
          // As updateTalent: a version the client holds exactly, always moving forward.
          updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`,
        })
        .where(eq(talents.id, survivor.id))
      const after = (await readTalentImages(tx, [survivor.id])).get(survivor.id)
      if (!after) throw new Error(`Talent ${survivor.id} vanished while merging`)

      const [row] = await tx
        .insert(merges)
        .values({
          survivorId: survivor.id,
          mergedIds: input.mergedIds,
          before: { survivor, merged } satisfies { survivor: TalentImage; merged: TalentImage[] },
          after,
          createdById: actor.id,
          undoUntil: sql`now() + make_interval(days => ${MERGE_UNDO_DAYS})`,
        })
        .returning({ id: merges.id })
      if (!row) throw new Error('The merge record was not inserted')
      await recordActivity(tx, {
        userId: actor.id,
        action: 'talent.merged',
        entityType: 'talent',
        entityId: survivor.id,
        details: {
          mergeId: row.id,
          fullName: after.fullName,
          merged: merged.map(({ id, fullName, email }) => ({ id, fullName, email })),
          sources,
        },
      })
      return { mergeId: row.id }
    },
    { onDuplicate: () => new ConflictError(MERGE_CLASH) },
  )
}
