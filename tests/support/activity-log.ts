import { asc, gt, max } from 'drizzle-orm'
import type { Db } from '#server/db/open.ts'
import { activityLog } from '#server/db/schema.ts'

/** Test-only helpers: read the activity log straight from the database. */

/** The newest entry's id (0 for an empty log): a mark to read what a request wrote after it. */
export async function activityMark(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(activityLog.id) }).from(activityLog)
  return row?.id ?? 0
}

/** The entries written after `mark`, oldest first, without timestamps. */
export async function activitySince(db: Db, mark: number) {
  return db
    .select({
      userId: activityLog.userId,
      action: activityLog.action,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      details: activityLog.details,
    })
    .from(activityLog)
    .where(gt(activityLog.id, mark))
    .orderBy(asc(activityLog.id))
}
