import { privacyEventSchema, type PrivacyEvent } from '#shared/privacy-log.ts'
import type { Db } from '../../db/open.ts'
import { privacyLog } from '../../db/privacy-log-schema.ts'

/**
 * Adds one entry to the privacy log (security rule 54). Call it with the transaction of the
 * act it records (an erasure, a consent change), or before the first byte of a hand-over leaves,
 * so an act is never without its entry. The event passes privacyEventSchema first: an unknown
 * kind or a detail that could carry text is a programming error and throws, before any write.
 */
export async function recordPrivacyEvent(tx: Db, event: PrivacyEvent): Promise<void> {
  const { kind, actorId, talentId, count, details } = privacyEventSchema.parse(event)
  await tx.insert(privacyLog).values({ kind, actorId, talentId, count, details })
}
