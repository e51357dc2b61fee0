import { eq, sql } from 'drizzle-orm'
import type { PrivacyRecordInput } from '#shared/privacy.ts'
import type { PRIVACY_PAGE_VIA } from '#shared/privacy-requests.ts'
import { changedFields } from '../../activity/changes.ts'
import { recordActivity } from '../../audit/record.ts'
import type { Db } from '../../db/open.ts'
import { talents } from '../../db/schema.ts'
import { getPrivacyRecord, privacyValues, RECORD_FIELDS } from '../record/service.ts'

/** Who changes the record: a user (a send), or the person on the page (null, `via`). */
export type RecordChanger = { userId: number } | { userId: null; via: typeof PRIVACY_PAGE_VIA }

export const NEXT_VERSION = sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`

/**
 * Changes part of a talent's privacy record in the caller's transaction (the talent locked by
 * the caller), moving its version and writing what changed to History, as the Privacy tab's
 * save does (security rule 49). Nothing changed: nothing written.
 */
export async function changePrivacyRecord(
  tx: Db,
  talentId: number,
  patch: (current: PrivacyRecordInput) => PrivacyRecordInput,
  by: RecordChanger,
): Promise<boolean> {
  const before = await getPrivacyRecord(tx, talentId)
  const next = patch(before)
  const changes = changedFields(before, { ...before, ...next }, RECORD_FIELDS)
  if (changes.length === 0) return false
  await tx
    .update(talents)
    .set({ ...privacyValues(next), updatedAt: NEXT_VERSION })
    .where(eq(talents.id, talentId))
  await recordActivity(tx, {
    userId: by.userId,
    action: 'talent.privacy_updated',
    entityType: 'talent',
    entityId: talentId,
    details: { changes, ...('via' in by ? { via: by.via } : {}) },
  })
  return true
}
