import { eq, sql } from 'drizzle-orm'
import {
  ERASE_BUSY,
  ERASE_FORBIDDEN,
  ERASED_MESSAGE,
  type EraseInput,
  type EraseResult,
} from '#shared/erasure.ts'
import { recordActivity } from '../../audit/record.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { talents, users } from '../../db/schema.ts'
import { erasures } from '../../db/privacy-schema.ts'
import { ConflictError, ForbiddenError, isLockNotAvailable, NotFoundError } from '../../errors.ts'
import { TALENT_NOT_FOUND } from '../../talents/lock.ts'
import { STALE_EDIT } from '../../talents/service.ts'
import { emailHash, phoneHash, type ErasureKeys } from './identifiers.ts'
import { dropOrphanWords, scrubTalentTraces, type ErasedMark } from './scrub.ts'

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

/**
 * POST /api/talents/:id/erase (security rule 50-51): admins and the talent's adder. One
 * transaction: the erasure record (hashed identifiers only), every copy of the person's data
 * (scrub.ts), the row, the dictionary words only they held, and a History entry naming nobody.
 * The talents delete bumps the data version in the same transaction (migration 0005), so no
 * cached page or detail shows the person after it commits.
 */
export async function eraseTalent(
  db: Db,
  talentId: number,
  input: EraseInput,
  viewer: Actor,
  keys: ErasureKeys,
): Promise<EraseResult> {
  return db.transaction(async (tx) => {
    const talent = await lockForErasure(tx, talentId)
    if (viewer.role !== 'admin' && talent.addedById !== viewer.id) {
      throw new ForbiddenError(ERASE_FORBIDDEN)
    }
    if (
      input.updatedAt !== undefined &&
      new Date(input.updatedAt).getTime() !== talent.updatedAt.getTime()
    ) {
      throw new ConflictError(STALE_EDIT)
    }
    const [record] = await tx
      .insert(erasures)
      .values({
        talentId,
        erasedById: viewer.id,
        reason: input.reason,
        emailHash: emailHash(keys, talent.email),
        phoneHash: phoneHash(keys, talent.phone),
        keyId: keys.keyId,
      })
      .returning({ id: erasures.id, erasedAt: erasures.erasedAt })
    if (!record) throw new Error(`erasure of talent ${talentId} was not recorded`)
    const mark: ErasedMark = {
      by: await actorLabel(tx, viewer.id),
      at: record.erasedAt.toISOString(),
    }
    const words = await scrubTalentTraces(tx, talentId, talent, mark)
    await tx.delete(talents).where(eq(talents.id, talentId))
    await dropOrphanWords(tx, words)
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'talent.erased',
      entityType: 'talent',
      entityId: talentId,
      details: { erasureId: record.id, erasedBy: mark.by, erasedAt: mark.at },
    })
    return { message: ERASED_MESSAGE, erasureId: record.id }
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
    const mark: ErasedMark = {
      by: by === null ? null : await actorLabel(tx, by),
      at: new Date().toISOString(),
    }
    const words = await scrubTalentTraces(tx, talentId, talent, mark)
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
        // Custom field values may name or describe the person: none stays.
        customFields: {},
        updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`,
      })
      .where(eq(talents.id, talentId))
    await dropOrphanWords(tx, words)
    await recordActivity(tx, {
      userId: by,
      action: 'talent.anonymised',
      entityType: 'talent',
      entityId: talentId,
      details: { erasedBy: mark.by, erasedAt: mark.at },
    })
  })
}
