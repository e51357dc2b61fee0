import { inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { AREAS, SENIORITY_LEVELS, TALENT_STATUSES } from '#shared/talent.ts'
import type { Db } from '../db/open.ts'
import { talents } from '../db/schema.ts'

/**
 * A talent's full before-image for a merge (issue 19 item 4): every field a person wrote, its
 * adder, its timestamps as PostgreSQL's own text (microseconds, so undo restores them exactly),
 * and the ids of its CV versions. Generated and key columns are left out: the database computes
 * them again.
 */
export const talentImageSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  cvResumePath: z.string().nullable(),
  areaOfInterest: z.enum(AREAS),
  seniorityLevel: z.enum(SENIORITY_LEVELS),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.array(z.enum(TALENT_STATUSES)),
  addedById: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cvIds: z.array(z.number().int()),
})
export type TalentImage = z.infer<typeof talentImageSchema>

/** Reads the images of `ids` (missing talents are simply absent), CV versions oldest first. */
export async function readTalentImages(db: Db, ids: number[]): Promise<Map<number, TalentImage>> {
  const rows = await db
    .select({
      id: talents.id,
      fullName: talents.fullName,
      email: talents.email,
      phone: talents.phone,
      linkedinUrl: talents.linkedinUrl,
      cvResumePath: talents.cvResumePath,
      areaOfInterest: talents.areaOfInterest,
      seniorityLevel: talents.seniorityLevel,
      notes: talents.notes,
      tags: talents.tags,
      status: talents.status,
      addedById: talents.addedById,
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
