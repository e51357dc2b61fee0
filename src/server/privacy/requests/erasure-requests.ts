import { and, asc, eq, sql } from 'drizzle-orm'
import {
  ERASURE_REQUEST_DISMISSED,
  ERASURE_REQUEST_NOT_FOUND,
  ERASURE_REQUEST_REASON,
  type ErasureRequest,
} from '#shared/privacy-requests.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { talents } from '../../db/schema.ts'
import { erasureRequests } from '../../db/privacy-request-schema.ts'
import { NotFoundError } from '../../errors.ts'
import { eraseTalent } from '../erasure/erase.ts'
import type { ErasureKeys } from '../erasure/identifiers.ts'

/** Most requests the admins' list shows at once (oldest first: they wait longest). */
export const ERASURE_REQUEST_LIST_LIMIT = 500

/** GET /api/privacy/erasure-requests (admins): the removals people asked for, still waiting. */
export async function listErasureRequests(db: Db): Promise<ErasureRequest[]> {
  const rows = await db
    .select({
      id: erasureRequests.id,
      talentId: erasureRequests.talentId,
      fullName: talents.fullName,
      requestedAt: erasureRequests.createdAt,
    })
    .from(erasureRequests)
    .innerJoin(talents, eq(talents.id, erasureRequests.talentId))
    .where(eq(erasureRequests.pending, true))
    .orderBy(asc(erasureRequests.id))
    .limit(ERASURE_REQUEST_LIST_LIMIT)
  return rows.map((row) => ({ ...row, requestedAt: row.requestedAt.toISOString() }))
}

async function pendingRequest(db: Db, id: number) {
  const [row] = await db
    .select({ talentId: erasureRequests.talentId })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.id, id), eq(erasureRequests.pending, true)))
  if (!row) throw new NotFoundError(ERASURE_REQUEST_NOT_FOUND)
  return row
}

/**
 * POST /api/privacy/erasure-requests/:id/erase (admins): the talent is erased as 'Erase' does
 * (security rule 50); the request goes with the talent.
 */
export async function eraseRequested(db: Db, id: number, admin: Actor, keys: ErasureKeys) {
  const { talentId } = await pendingRequest(db, id)
  return eraseTalent(db, talentId, { reason: ERASURE_REQUEST_REASON }, admin, keys)
}

/** POST /api/privacy/erasure-requests/:id/dismiss (admins): kept, with who decided and when. */
export async function dismissRequest(db: Db, id: number, admin: Actor) {
  const dismissed = await db
    .update(erasureRequests)
    .set({ pending: false, decidedById: admin.id, decidedAt: sql`now()` })
    .where(and(eq(erasureRequests.id, id), eq(erasureRequests.pending, true)))
    .returning({ id: erasureRequests.id })
  if (dismissed.length === 0) throw new NotFoundError(ERASURE_REQUEST_NOT_FOUND)
  return { message: ERASURE_REQUEST_DISMISSED }
}
