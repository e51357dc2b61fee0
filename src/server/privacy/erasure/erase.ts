import { eq, sql } from 'drizzle-orm'
import {
  ERASE_BUSY,
  ERASE_FORBIDDEN,
  ERASED_MESSAGE,
  type EraseInput,
  type EraseResult,
} from '#shared/erasure.ts'
import { recordActivity } from '../../audit/record.ts'
import { canChange } from '../../auth/can-change.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { talents, users } from '../../db/schema.ts'
import { erasures } from '../../db/privacy-schema.ts'
import { ConflictError, ForbiddenError, isLockNotAvailable, NotFoundError } from '../../errors.ts'
import { TALENT_NOT_FOUND } from '../../db/talent-lock.ts'
import { STALE_EDIT } from '../../talents/service.ts'
import { recordPrivacyEvent } from '../log/record.ts'
import { emailHash, phoneHash, type ErasureKeys } from './identifiers.ts'
import { wordsAsRows, wordWitnesses, type ScrubHints } from './batch.ts'
import { dropOrphanWords, scrubTalentTraces, type ErasedMark } from './scrub.ts'
import { inTransaction } from '../../db/in-transaction.ts'

/**
 * The talent's row, locked without waiting (security rule 50): a talent another request is
 * writing right now is refused with 409 rather than erased half-way through their save.
 */
export async function lockForErasure(tx: Db, talentId: number) {
  try {
    const [row] = await tx
      .select({
        id: talents.id,
        fullName: talents.fullName,
        email: talents.email,
        phone: talents.phone,
        addedById: talents.addedById,
        updatedAt: talents.updatedAt,
      })
      .from(talents)
      .where(eq(talents.id, talentId))
      .for('update', { noWait: true })
    if (!row) throw new NotFoundError(TALENT_NOT_FOUND)
    return row
  } catch (error) {
    if (isLockNotAvailable(error)) throw new ConflictError(ERASE_BUSY)
    throw error
  }
}

/** How History names whoever erased: their name, else their e-mail. */
export async function actorLabel(tx: Db, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) return null
  const name = [row.first, row.last].filter((part) => part && part.trim() !== '').join(' ')
  return name === '' ? row.email : name
}

/** How History and the erasure record name a person who asked on the privacy page themself. */
export const ERASED_BY_THE_PERSON = 'the talent (privacy page)'

/**
 * POST /api/talents/:id/erase (security rule 50-51): admins and the talent's adder; `viewer` null
 * is the person themself on the privacy page (security rule 62, an admin's switch). One
 * transaction: the erasure record (hashed identifiers only), every copy of the person's data
 * (scrub.ts), the row, the dictionary words only they held, and a History entry naming nobody.
 * The privacy log gets an 'erasure' entry (security rule 54) in the same transaction.
 * The talents delete bumps the data version in the same transaction (migration 0005), so no
 * cached page or detail shows the person after it commits.
 */
export async function eraseTalent(
  db: Db,
  talentId: number,
  input: EraseInput,
  viewer: Actor | null,
  keys: ErasureKeys,
): Promise<EraseResult> {
  return inTransaction(db, async (tx) => {
    const talent = await lockForErasure(tx, talentId)
    if (viewer !== null && !canChange(viewer, talent)) {
      throw new ForbiddenError(ERASE_FORBIDDEN)
    }
    if (
      input.updatedAt !== undefined &&
      new Date(input.updatedAt).getTime() !== talent.updatedAt.getTime()
    ) {
      throw new ConflictError(STALE_EDIT)
    }
    const erasureId = await eraseLocked(tx, talent, {
      erasedById: viewer?.id ?? null,
      byThePerson: viewer === null,
      reason: input.reason,
      keys,
    })
    // Security rule 54: the erasure is in the privacy log, in its own transaction.
    await recordPrivacyEvent(tx, {
      kind: 'erasure',
      actorId: viewer?.id ?? null,
      talentId,
      count: 1,
    })
    return { message: ERASED_MESSAGE, erasureId }
  })
}

/** A talent row as lockForErasure returns it. */
export type LockedTalent = Awaited<ReturnType<typeof lockForErasure>>

/** An erasure record being applied again (db:restore, security rule 64). */
export type ReappliedErasure = { id: number; erasedAt: Date; erasedById: number | null }

type EraseOptions = {
  erasedById: number | null
  byThePerson?: boolean
  reason: string
  keys: ErasureKeys
  /** What a pass over the person's batch found (batch.ts): a retention run's. */
  hints?: ScrubHints
}

/**
 * The erasure itself, in the caller's transaction with the talent locked (lockForErasure):
 * the erasure record, every copy of the person's data, the row, the orphaned dictionary words
 * and a History entry naming nobody. `erasedById` null is the system (a retention rule), or the
 * person themself when `byThePerson` (the privacy page). With `existing` (db:restore, security
 * rule 64) no record is written: the one given stays, and History names it, by the system.
 */
export async function eraseLocked(
  tx: Db,
  talent: LockedTalent,
  options: EraseOptions | { existing: ReappliedErasure; hints?: ScrubHints },
): Promise<number> {
  const talentId = talent.id
  const reapplied = 'existing' in options
  const record = reapplied ? options.existing : await insertRecord(tx, talent, options)
  const mark: ErasedMark = {
    by:
      !reapplied && options.byThePerson === true
        ? ERASED_BY_THE_PERSON
        : record.erasedById === null
          ? null
          : await actorLabel(tx, record.erasedById),
    at: record.erasedAt.toISOString(),
  }
  const words = await scrubTalentTraces(tx, talentId, talent, mark, options.hints)
  // One erasure alone finds its words' witnesses too: a common word's index entry is the cost.
  const witnesses =
    options.hints?.witnesses ?? (await wordWitnesses(tx, wordsAsRows(words), [talentId]))
  await tx.delete(talents).where(eq(talents.id, talentId))
  await dropOrphanWords(tx, words, witnesses)
  await recordActivity(tx, {
    userId: reapplied ? null : record.erasedById,
    action: 'talent.erased',
    entityType: 'talent',
    entityId: talentId,
    details: { erasureId: record.id, erasedBy: mark.by, erasedAt: mark.at },
  })
  return record.id
}

/** The erasure record: hashed identifiers only (security rule 51). */
async function insertRecord(
  tx: Db,
  talent: LockedTalent,
  { erasedById, reason, keys }: EraseOptions,
): Promise<ReappliedErasure> {
  const [record] = await tx
    .insert(erasures)
    .values({
      talentId: talent.id,
      erasedById,
      reason,
      emailHash: emailHash(keys, talent.email),
      phoneHash: phoneHash(keys, talent.phone),
      keyId: keys.keyId,
    })
    .returning({ id: erasures.id, erasedAt: erasures.erasedAt })
  if (!record) throw new Error(`erasure of talent ${talent.id} was not recorded`)
  return { ...record, erasedById }
}

/**
 * Erases a talent again under an existing erasure record, in one transaction: every copy of the
 * person's data (scrub.ts), the row, the dictionary words only they held, a History entry and a
 * privacy log entry by the system (security rule 54, 64). No new record: the one given stays.
 * db:restore calls it for each talent of a restored backup that an erasure record names.
 */
export async function reEraseTalent(
  db: Db,
  talentId: number,
  record: ReappliedErasure,
): Promise<void> {
  await db.transaction(async (tx) => {
    const talent = await lockForErasure(tx, talentId)
    await eraseLocked(tx, talent, { existing: record })
    await recordPrivacyEvent(tx, { kind: 'erasure', actorId: null, talentId, count: 1 })
  })
}

/** The placeholder anonymise() writes: stable, and names nobody (security rule 50). */
export const anonymisedName = (talentId: number) => `Erased talent #${talentId}`
export const anonymisedEmail = (talentId: number) => `erased-talent-${talentId}@erased.invalid`

/**
 * Anonymises a talent in one transaction (retention rules act with it): identifying fields become
 * "Erased talent #<id>", notes, links, phone, CV files and text, History values, undo data and
 * the other copies go (scrub.ts); area, level, statuses, tags and dates stay, so reports still
 * add up. `by` is the user acting, or null for the system.
 */
export async function anonymise(db: Db, talentId: number, by: number | null = null) {
  return db.transaction(async (tx) => {
    const talent = await lockForErasure(tx, talentId)
    await anonymiseLocked(tx, talent, by)
  })
}

/**
 * anonymise() in the caller's transaction with the talent locked (a retention run counts it in
 * the same transaction). Marks the row anonymised, so no retention rule acts on it again, and
 * drops a Keep's reason with the rest of the free text.
 */
export async function anonymiseLocked(
  tx: Db,
  talent: LockedTalent,
  by: number | null,
  hints?: ScrubHints,
) {
  const talentId = talent.id
  const mark: ErasedMark = {
    by: by === null ? null : await actorLabel(tx, by),
    at: new Date().toISOString(),
  }
  const words = await scrubTalentTraces(tx, talentId, talent, mark, hints)
  await tx
    .update(talents)
    .set({
      fullName: anonymisedName(talentId),
      email: anonymisedEmail(talentId),
      phone: null,
      linkedinUrl: null,
      cvResumePath: null,
      notes: null,
      privacySourceDetail: null,
      keepReason: null,
      // Custom field values may name or describe the person: none stays.
      customFields: {},
      anonymisedAt: sql`now()`,
      updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`,
    })
    .where(eq(talents.id, talentId))
  await dropOrphanWords(tx, words, hints?.witnesses)
  await recordActivity(tx, {
    userId: by,
    action: 'talent.anonymised',
    entityType: 'talent',
    entityId: talentId,
    details: { erasedBy: mark.by, erasedAt: mark.at },
  })
}
