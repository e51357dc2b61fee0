import type { ActivityAction, ActivityEntityType } from '#shared/activity.ts'
import type { Db } from '../db/open.ts'
import { activityLog } from '../db/schema.ts'

export type ActivityRecord = {
  /** Who did it; null for the system (bootstrap, seed). */
  userId: number | null
  action: ActivityAction
  entityType: ActivityEntityType
  entityId: number | null
  details?: Record<string, unknown>
}

/**
 * Writes one activity entry. Call it with the transaction of the write it describes
 * ("never a change without its record or a record without its change").
 */
export async function recordActivity(tx: Db, entry: ActivityRecord): Promise<void> {
  await recordActivities(tx, [entry])
}

/** Writes several entries in one INSERT (tags created while saving a talent), same contract. */
export async function recordActivities(tx: Db, entries: readonly ActivityRecord[]): Promise<void> {
  if (entries.length === 0) return
  await tx.insert(activityLog).values(
    entries.map((entry) => ({
      userId: entry.userId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      details: entry.details ?? null,
    })),
  )
}
