import { and, asc, eq } from 'drizzle-orm'
import {
  KEEP_UNTIL_PAST,
  KEPT_MESSAGE,
  NOT_DUE,
  RETENTION_DUE_LIMIT,
  type KeepInput,
  type RetentionDueEntry,
} from '#shared/retention.ts'
import { recordActivity } from '../../audit/record.ts'
import type { Db } from '../../db/open.ts'
import { retentionDue, retentionRules } from '../../db/retention-schema.ts'
import { talents } from '../../db/schema.ts'
import { BadRequestError, NotFoundError } from '../../errors.ts'

/** GET /api/privacy/due: who the enabled rules will act on, soonest first (security rule 57). */
export async function listDue(db: Db): Promise<RetentionDueEntry[]> {
  const rows = await db
    .select({
      talentId: talents.id,
      fullName: talents.fullName,
      status: talents.status,
      ruleId: retentionRules.id,
      ruleName: retentionRules.name,
      action: retentionRules.action,
      dueSince: retentionDue.dueSince,
      actOn: retentionDue.actOn,
    })
    .from(retentionDue)
    .innerJoin(talents, eq(talents.id, retentionDue.talentId))
    .innerJoin(retentionRules, eq(retentionRules.id, retentionDue.ruleId))
    .where(eq(retentionRules.enabled, true))
    .orderBy(asc(retentionDue.actOn), asc(talents.id), asc(retentionRules.id))
    .limit(RETENTION_DUE_LIMIT)
  return rows.map((row) => ({
    talent: { id: row.talentId, fullName: row.fullName, status: row.status },
    ruleId: row.ruleId,
    ruleName: row.ruleName,
    action: row.action,
    dueSince: row.dueSince,
    actOn: row.actOn,
  }))
}

/**
 * Keep (security rule 57): the talent leaves the Due for removal list under every rule until
 * `until`, with the reason, in one transaction with its History entry. The reason is the
 * talent's data (kept on the row, erased with it) and never reaches the privacy log.
 */
export async function keepTalent(
  db: Db,
  talentId: number,
  input: KeepInput,
  actorId: number,
  today: string,
) {
  if (input.until <= today) {
    throw new BadRequestError(KEEP_UNTIL_PAST, { until: [KEEP_UNTIL_PAST] })
  }
  return db.transaction(async (tx) => {
    // The row first: a run acting on the talent right now finishes before Keep looks at the list.
    const [locked] = await tx
      .select({ id: talents.id })
      .from(talents)
      .where(eq(talents.id, talentId))
      .for('update')
    if (!locked) throw new NotFoundError(NOT_DUE)
    const [due] = await tx
      .select({ talentId: retentionDue.talentId })
      .from(retentionDue)
      .innerJoin(retentionRules, eq(retentionRules.id, retentionDue.ruleId))
      .where(and(eq(retentionDue.talentId, talentId), eq(retentionRules.enabled, true)))
      .limit(1)
    if (!due) throw new NotFoundError(NOT_DUE)
    await tx
      .update(talents)
      .set({ keepUntil: input.until, keepReason: input.reason })
      .where(eq(talents.id, talentId))
    await tx.delete(retentionDue).where(eq(retentionDue.talentId, talentId))
    await recordActivity(tx, {
      userId: actorId,
      action: 'talent.retention_kept',
      entityType: 'talent',
      entityId: talentId,
      details: { reason: input.reason, keepUntil: input.until },
    })
    return { talentId, keepUntil: input.until, message: KEPT_MESSAGE }
  })
}
