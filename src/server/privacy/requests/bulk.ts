import { asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  MAIL_NOT_SET_UP,
  PRIVACY_BATCH_NOT_FOUND,
  PRIVACY_REQUEST_KINDS,
  type PrivacyRequestBatch,
  type PrivacyRequestBulk,
} from '#shared/privacy-requests.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { talents, users } from '../../db/schema.ts'
import { privacyRequestBatches } from '../../db/privacy-request-schema.ts'
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts'
import { enqueueJob, type Job } from '../../jobs/queue.ts'
import type { GiveUpHandler, JobHandler } from '../../jobs/runner.ts'
import { idArray } from '../../db/id-array.ts'
import { lookUpCorrections } from '../../search/corrections.ts'
import { filterOf } from '../../talents/list-plan.ts'
import { searchableFields } from '../../talents/searchable-fields.ts'
import { talentWhere } from '../../talents/where.ts'
import { sendPrivacyRequest, type RequestDeps } from './send.ts'

/*
 * The same request to a selection or a view (security rule 59), as a job: the route takes the
 * talents the selection names now, in id order, into a batch row; the job sends one mail after
 * another and counts each in the batch, so the screen shows "N of M", and a job claimed again
 * after a crash goes on after the last talent counted.
 */
export const SEND_PRIVACY_REQUESTS = 'send-privacy-requests'
const payloadSchema = z.object({ batchId: z.number().int() })

/** The batch's talents: the ids given, or the dashboard's filter, as the bulk actions take them. */
async function targetIds(db: Db, request: PrivacyRequestBulk, actor: Actor): Promise<number[]> {
  let where = sql`${talents.id} = any(${idArray(request.ids ?? [])})`
  if (!request.ids && request.filter) {
    // The same talents the dashboard lists for the filter, typo corrections included.
    const filter = filterOf(request.filter, await searchableFields(db, actor))
    where = talentWhere(filter, await lookUpCorrections(db, filter.query)) ?? sql`true`
  }
  const rows = await db
    .select({ id: talents.id })
    .from(talents)
    .where(where)
    .orderBy(asc(talents.id))
  return rows.map((row) => row.id)
}

/** POST /api/talents/bulk/privacy-requests: the batch and its job, in one transaction. */
export async function startBatch(
  deps: Pick<RequestDeps, 'db' | 'mailer'>,
  request: PrivacyRequestBulk,
  actor: Actor,
): Promise<PrivacyRequestBatch> {
  if (!deps.mailer) throw new ConflictError(MAIL_NOT_SET_UP)
  const ids = await targetIds(deps.db, request, actor)
  const id = await deps.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(privacyRequestBatches)
      .values({
        kind: request.kind,
        createdById: actor.id,
        talentIds: ids,
        total: ids.length,
        state: ids.length === 0 ? 'done' : 'running',
      })
      .returning({ id: privacyRequestBatches.id })
    if (!batch) throw new Error('privacy request batch was not inserted')
    if (ids.length > 0) await enqueueJob(tx, SEND_PRIVACY_REQUESTS, { batchId: batch.id })
    return batch.id
  })
  return getBatch(deps.db, id, actor)
}

/** GET /api/privacy/request-batches/:id: its author or an admin. */
export async function getBatch(db: Db, id: number, actor: Actor): Promise<PrivacyRequestBatch> {
  const [row] = await db
    .select({
      id: privacyRequestBatches.id,
      kind: privacyRequestBatches.kind,
      state: privacyRequestBatches.state,
      total: privacyRequestBatches.total,
      sent: privacyRequestBatches.sent,
      skipped: privacyRequestBatches.skipped,
      failed: privacyRequestBatches.failed,
      createdAt: privacyRequestBatches.createdAt,
      createdById: privacyRequestBatches.createdById,
    })
    .from(privacyRequestBatches)
    .where(eq(privacyRequestBatches.id, id))
  if (!row) throw new NotFoundError(PRIVACY_BATCH_NOT_FOUND)
  if (actor.role !== 'admin' && row.createdById !== actor.id) {
    throw new ForbiddenError('Only the person who started a bulk send or an admin can follow it.')
  }
  const { createdById: _by, ...batch } = row
  return { ...batch, createdAt: row.createdAt.toISOString() }
}

/** Sends the batch's mails one by one, each counted as it ends. */
export function sendPrivacyRequestsJob(deps: RequestDeps): JobHandler {
  return async (job: Job) => {
    const { batchId } = payloadSchema.parse(job.payload)
    const [batch] = await deps.db
      .select({
        kind: privacyRequestBatches.kind,
        talentIds: privacyRequestBatches.talentIds,
        sent: privacyRequestBatches.sent,
        skipped: privacyRequestBatches.skipped,
        failed: privacyRequestBatches.failed,
        createdById: privacyRequestBatches.createdById,
        role: users.role,
      })
      .from(privacyRequestBatches)
      .leftJoin(users, eq(users.id, privacyRequestBatches.createdById))
      .where(eq(privacyRequestBatches.id, batchId))
    if (!batch) return
    const kind = z.enum(PRIVACY_REQUEST_KINDS).parse(batch.kind)
    const actor =
      batch.createdById !== null && batch.role !== null
        ? { id: batch.createdById, role: batch.role }
        : null
    const done = batch.sent + batch.skipped + batch.failed
    for (const talentId of batch.talentIds.slice(done)) {
      const result = await sendPrivacyRequest(deps, talentId, kind, actor, batchId)
      const b = privacyRequestBatches
      const counted =
        result.outcome === 'sent'
          ? { sent: sql`${b.sent} + 1` }
          : result.outcome === 'skipped'
            ? { skipped: sql`${b.skipped} + 1` }
            : { failed: sql`${b.failed} + 1` }
      await deps.db
        .update(privacyRequestBatches)
        .set(counted)
        .where(eq(privacyRequestBatches.id, batchId))
    }
    await deps.db
      .update(privacyRequestBatches)
      .set({ state: 'done' })
      .where(eq(privacyRequestBatches.id, batchId))
  }
}

/** A batch whose job failed for good ends 'failed' (security rule 45), its counts as they were. */
export function giveUpPrivacyRequests(db: Db): GiveUpHandler {
  return async (job) => {
    const parsed = payloadSchema.safeParse(job.payload)
    if (!parsed.success) return
    await db
      .update(privacyRequestBatches)
      .set({ state: 'failed' })
      .where(eq(privacyRequestBatches.id, parsed.data.batchId))
  }
}
