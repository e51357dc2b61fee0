import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import type { ActivityEntry } from '#shared/activity.ts'
import type { Db } from '../../db/open.ts'
import { activityLog, users } from '../../db/schema.ts'

/** A History entry as the API shows it; any action, also one this Scout no longer names. */
export type HistoryEntry = Omit<ActivityEntry, 'action'> & { action: string }

/** Entries read per query: the History of a busy talent is read in slices, never whole. */
const BATCH = 500

function isDetails(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Every History entry of the talents `entityIds` (the talent and those merged into it, as the
 * History tab shows them), oldest first, a batch at a time: all of them, not the tab's newest 100.
 * Served by activity_log_entity_idx; keyset on the id.
 */
export async function* historyBatches(
  db: Db,
  entityIds: readonly number[],
): AsyncGenerator<HistoryEntry[]> {
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        id: activityLog.id,
        action: activityLog.action,
        entityId: activityLog.entityId,
        details: activityLog.details,
        createdAt: activityLog.createdAt,
        actorId: users.id,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        actorEmail: users.email,
      })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.userId))
      .where(
        and(
          eq(activityLog.entityType, 'talent'),
          inArray(activityLog.entityId, [...entityIds]),
          gt(activityLog.id, after),
        ),
      )
      .orderBy(asc(activityLog.id))
      .limit(BATCH)
    const last = rows.at(-1)
    if (!last) return
    after = last.id
    yield rows.map((row): HistoryEntry => ({
      id: row.id,
      action: row.action,
      entityType: 'talent',
      entityId: row.entityId,
      details: isDetails(row.details) ? row.details : null,
      actor:
        row.actorId === null || row.actorEmail === null
          ? null
          : {
              id: row.actorId,
              firstName: row.actorFirstName,
              lastName: row.actorLastName,
              email: row.actorEmail,
            },
      createdAt: row.createdAt.toISOString(),
    }))
    if (rows.length < BATCH) return
  }
}
