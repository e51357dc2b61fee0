import { and, desc, eq, inArray } from 'drizzle-orm'
import { isActivityAction, TALENT_ACTIVITY_LIMIT, type ActivityEntry } from '#shared/activity.ts'
import type { Db } from '../db/open.ts'
import { activityLog, talents, users } from '../db/schema.ts'
import type { Actor } from '../db/rows.ts'
import { NotFoundError } from '../errors.ts'
import { TALENT_NOT_FOUND } from '../db/talent-lock.ts'
import { talentsMergedInto } from '../duplicates/merged-into.ts'

function isDetails(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * GET /api/talents/:id/activity: the talent's entries, newest first, with the actor's public
 * fields. A talent that no longer exists answers 404 like GET /api/talents/:id: its entries stay
 * in the log (the Engagement report counts them) but are not shown once the profile is gone.
 * Served by activity_log_entity_idx (entity_type, entity_id, created_at).
 */
export async function listTalentActivity(
  db: Db,
  talentId: number,
  viewer: Actor,
): Promise<ActivityEntry[]> {
  const [talent] = await db
    .select({ id: talents.id, addedById: talents.addedById })
    .from(talents)
    .where(eq(talents.id, talentId))
    .limit(1)
  if (!talent) throw new NotFoundError(TALENT_NOT_FOUND)
  // A survivor's History holds the talents merged into it, until the merge is undone.
  const entityIds = [talentId, ...(await talentsMergedInto(db, talentId))]
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
    .where(and(eq(activityLog.entityType, 'talent'), inArray(activityLog.entityId, entityIds)))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(TALENT_ACTIVITY_LIMIT)
  const seesPrivate = viewer.role === 'admin' || talent.addedById === viewer.id
  return rows.flatMap((row) => {
    const { action } = row
    if (!isActivityAction(action)) return []
    const details = isDetails(row.details) ? withoutPrivate(row.details, seesPrivate) : null
    if (details === undefined) return []
    const actor =
      row.actorId === null || row.actorEmail === null
        ? null
        : {
            id: row.actorId,
            firstName: row.actorFirstName,
            lastName: row.actorLastName,
            email: row.actorEmail,
          }
    return [
      {
        id: row.id,
        action,
        entityType: 'talent' as const,
        entityId: row.entityId,
        details,
        actor,
        createdAt: row.createdAt.toISOString(),
      },
    ]
  })
}

/**
 * Security rule 65: a private custom field's change is left out for who may not see the field;
 * an entry left with no change is left out (undefined).
 */
function withoutPrivate(
  details: Record<string, unknown>,
  seesPrivate: boolean,
): Record<string, unknown> | undefined {
  const changes = details.changes
  if (seesPrivate || !Array.isArray(changes)) return details
  const kept = changes.filter((c: unknown) => !(isDetails(c) && c.private === true))
  if (kept.length === changes.length) return details
  return kept.length === 0 ? undefined : { ...details, changes: kept }
}
