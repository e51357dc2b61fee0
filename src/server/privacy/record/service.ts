import { eq, sql } from 'drizzle-orm'
import { consentState, type PrivacyRecord, type PrivacyRecordInput } from '#shared/privacy.ts'
import { changedFields } from '../../activity/changes.ts'
import { recordActivity } from '../../audit/record.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { talents } from '../../db/schema.ts'
import { NotFoundError } from '../../errors.ts'
import { lockTalent, TALENT_NOT_FOUND } from '../../db/talent-lock.ts'
import { inTransaction } from '../../db/in-transaction.ts'
import { recordPrivacyEvent } from '../log/record.ts'

/** The privacy record's fields in the order the Privacy tab shows them (History compares these). */
export const RECORD_FIELDS = [
  'source',
  'sourceDetail',
  'lawfulBasis',
  'consentGivenOn',
  'consentValidUntil',
  'informedOn',
] as const

/** Fields whose change is a 'consent-change' in the privacy log (security rule 54). */
const CONSENT_FIELDS = ['lawfulBasis', 'consentGivenOn', 'consentValidUntil'] as const

/** The talents columns of the record, by the API's names (security rule 49). */
export const privacyColumns = {
  source: talents.privacySource,
  sourceDetail: talents.privacySourceDetail,
  lawfulBasis: talents.lawfulBasis,
  consentGivenOn: talents.consentGivenOn,
  consentValidUntil: talents.consentValidUntil,
  informedOn: talents.informedOn,
}

/** The record as the talents row's columns: what every way in writes with the talent. */
export function privacyValues(record: PrivacyRecordInput) {
  return {
    privacySource: record.source,
    privacySourceDetail: record.sourceDetail,
    lawfulBasis: record.lawfulBasis,
    consentGivenOn: record.consentGivenOn,
    consentValidUntil: record.consentValidUntil,
    informedOn: record.informedOn,
  }
}

/** GET /api/talents/:id/privacy: anyone who may read the talent (security rule 49). */
export async function getPrivacyRecord(db: Db, talentId: number): Promise<PrivacyRecord> {
  const [row] = await db
    .select({ talentId: talents.id, ...privacyColumns })
    .from(talents)
    .where(eq(talents.id, talentId))
  if (!row) throw new NotFoundError(TALENT_NOT_FOUND)
  return { ...row, consentState: consentState(row) }
}

/**
 * PUT /api/talents/:id/privacy: anyone who may edit the talent. The talent's version moves (an
 * edit form open elsewhere is then stale, security rule 27) and History records what changed; a
 * changed basis or consent date is a 'consent-change' in the privacy log (security rule 54).
 */
export async function updatePrivacyRecord(
  db: Db,
  talentId: number,
  input: PrivacyRecordInput,
  viewer: Actor,
): Promise<PrivacyRecord> {
  return inTransaction(db, async (tx) => {
    await lockTalent(tx, talentId)
    const before = await getPrivacyRecord(tx, talentId)
    await tx
      .update(talents)
      .set({
        ...privacyValues(input),
        updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`,
      })
      .where(eq(talents.id, talentId))
    const after = await getPrivacyRecord(tx, talentId)
    const changes = changedFields(before, after, RECORD_FIELDS)
    if (changes.length > 0) {
      await recordActivity(tx, {
        userId: viewer.id,
        action: 'talent.privacy_updated',
        entityType: 'talent',
        entityId: talentId,
        details: { changes },
      })
    }
    if (changedFields(before, after, CONSENT_FIELDS).length > 0) {
      await recordPrivacyEvent(tx, { kind: 'consent-change', actorId: viewer.id, talentId })
    }
    return after
  })
}
