import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { z } from 'zod'
import { BULK_ACTIONS, BULK_UNDO_HOURS, type BulkSummary } from '#shared/bulk.ts'
import { bulkActions, changeSets } from '../db/change-schema.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { users } from '../db/schema.ts'

/** The recent list shows at most this many (a person rarely runs more within a day). */
const RECENT_LIMIT = 50

const payloadSchema = z.object({ names: z.array(z.string()) })
const actionSchema = z.enum(BULK_ACTIONS)

/**
 * GET /api/bulk: bulk actions of the last BULK_UNDO_HOURS, newest first; `mine` keeps the
 * viewer's own. Served by bulk_actions_created_at_idx (created_at, id).
 */
export async function listRecentBulk(
  db: Db,
  viewer: Actor,
  { mine }: { mine: boolean },
): Promise<BulkSummary[]> {
  const rows = await db
    .select({
      id: bulkActions.id,
      action: bulkActions.action,
      payload: bulkActions.payload,
      affected: bulkActions.affected,
      createdAt: bulkActions.createdAt,
      undoUntil: changeSets.undoUntil,
      undoneAt: changeSets.undoneAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(bulkActions)
    .innerJoin(changeSets, eq(changeSets.id, bulkActions.changeSetId))
    .leftJoin(users, eq(users.id, bulkActions.createdById))
    .where(
      and(
        gt(bulkActions.createdAt, sql`now() - make_interval(hours => ${BULK_UNDO_HOURS})`),
        mine ? eq(bulkActions.createdById, viewer.id) : undefined,
      ),
    )
    .orderBy(desc(bulkActions.createdAt), desc(bulkActions.id))
    .limit(RECENT_LIMIT)
  return rows.map((row) => {
    const payload = payloadSchema.safeParse(row.payload)
    return {
      id: row.id,
      action: actionSchema.parse(row.action),
      names: payload.success ? payload.data.names : [],
      affected: row.affected,
      createdAt: row.createdAt.toISOString(),
      createdBy:
        row.email === null
          ? null
          : { firstName: row.firstName, lastName: row.lastName, email: row.email },
      undoUntil: row.undoneAt ? null : row.undoUntil.toISOString(),
      undoneAt: row.undoneAt?.toISOString() ?? null,
    }
  })
}
