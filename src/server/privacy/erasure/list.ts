import { desc, eq, sql } from 'drizzle-orm'
import type { ErasureRecord } from '#shared/erasure.ts'
import type { Db } from '../../db/open.ts'
import { users } from '../../db/schema.ts'
import { erasures } from '../../db/privacy-schema.ts'

/** Records GET /api/erasures returns at most, newest first. */
export const ERASURE_LIST_LIMIT = 1000

/** GET /api/erasures (admins): who erased, when and why, and hashed identifiers only. */
export async function listErasures(db: Db): Promise<ErasureRecord[]> {
  const rows = await db
    .select({
      id: erasures.id,
      erasedAt: erasures.erasedAt,
      erasedBy: sql<
        string | null
      >`coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.email})`,
      reason: erasures.reason,
      emailHash: erasures.emailHash,
      phoneHash: erasures.phoneHash,
    })
    .from(erasures)
    .leftJoin(users, eq(users.id, erasures.erasedById))
    .orderBy(desc(erasures.erasedAt), desc(erasures.id))
    .limit(ERASURE_LIST_LIMIT)
  return rows.map((row) => ({ ...row, erasedAt: row.erasedAt.toISOString() }))
}
