import { inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { talentSchema } from '#shared/talent.ts'
import type { Db } from '../db/open.ts'
import { talents } from '../db/schema.ts'
import { talentOwnColumns } from '../talents/rows.ts'

/**
 * A talent's full before-image for a merge: every field a person wrote, its
 * adder, its timestamps as PostgreSQL's own text (microseconds, so undo restores them exactly),
 * and the ids of its CV versions. Generated and key columns are left out: the database computes
 * them again.
 */
export const talentImageSchema = talentSchema
  .omit({ addedByUser: true, cv: true, match: true, customFields: true })
  .extend({
    // PostgreSQL's text, to the microsecond: the API's ISO strings stop at milliseconds.
    createdAt: z.string(),
    updatedAt: z.string(),
    cvIds: z.array(z.number().int()),
  })
export type TalentImage = z.infer<typeof talentImageSchema>

/** Reads the images of `ids` (missing talents are simply absent), CV versions oldest first. */
export async function readTalentImages(db: Db, ids: number[]): Promise<Map<number, TalentImage>> {
  const rows = await db
    .select({
      ...talentOwnColumns,
      createdAt: sql<string>`${talents.createdAt}::text`,
      updatedAt: sql<string>`${talents.updatedAt}::text`,
      // Spelled out: drizzle names a lone table's columns unqualified, and "id" would be the CV's.
      cvIds: sql<number[]>`coalesce((SELECT array_agg(c.id ORDER BY c.id)
        FROM talent_cvs c WHERE c.talent_id = "talents"."id"), '{}')`,
    })
    .from(talents)
    .where(inArray(talents.id, ids))
  return new Map(rows.map((row) => [row.id, talentImageSchema.parse(row)]))
}
