import { emptyToNull } from '#shared/empty-to-null.ts'
import { and, eq, ne, sql } from 'drizzle-orm'
import { TALENT_FIELDS, type Talent, type TalentInput, type TalentUpdate } from '#shared/talent.ts'
import { changedFields, customFieldChanges } from '../activity/changes.ts'
import { recordActivity } from '../audit/record.ts'
import { canChange } from '../auth/can-change.ts'
import { inTransaction } from '../db/in-transaction.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { talents } from '../db/schema.ts'
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts'
import { claimUpload } from '../cvs/parse.ts'
import { ensureTags } from '../tags/service.ts'
import { lockTalent, TALENT_NOT_FOUND } from '../db/talent-lock.ts'
import { defaultPrivacyRecord, FORM_DEFAULT_SOURCE } from '#shared/privacy.ts'
import { privacyValues } from '../privacy/record/service.ts'
import type { ErasureKeys } from '../privacy/erasure/identifiers.ts'
import { assertNotErased } from '../privacy/erasure/reentry.ts'
import { selectTalents, toTalent } from './rows.ts'
import { checkedValues, visibleValues } from '../fields/values.ts'
import { loadDefinitions } from '../fields/definitions.ts'

/*
 * PERMISSIONS (server-enforced; the README's permissions table repeats this):
 * - Every signed-in user may list, view, create and edit any talent (spec sections 1 and 6).
 * - DELETE is allowed to admins and to the user who added the talent; anyone else gets 403
 *   'You can only delete talents you added.' The UI's buttons (spec section 6: card view shows
 *   delete to admins only, table view to everyone) only hide what this refuses.
 * - addedById is always the signed-in user on create (security rule 14).
 */
export const EMAIL_TAKEN = 'A talent with this email already exists'
export const STALE_EDIT =
  'This talent was changed by someone else. Review the current version and try again.'
export const DELETE_FORBIDDEN = 'You can only delete talents you added.'
export const ADDED_BY_FORBIDDEN = 'You can only add talents as yourself.'

/** The fields a talent.updated entry compares (addedById never changes; security rule 14). */
const TRACKED_FIELDS = TALENT_FIELDS

function emailTaken(): ConflictError {
  // A 409 the form can show on the e-mail field.
  return new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
}

async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: talents.id })
    .from(talents)
    .where(
      and(
        sql`lower(${talents.email}) = lower(${email})`,
        exceptId === undefined ? undefined : ne(talents.id, exceptId),
      ),
    )
    .limit(1)
  if (clash) throw emailTaken()
}

/** Runs a talent write; the lower(email) unique index is the last word on duplicates (races). */
function write<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, run, { onDuplicate: emailTaken })
}

export async function getTalent(db: Db, id: number): Promise<Talent> {
  const [row] = await selectTalents(db).where(eq(talents.id, id)).limit(1)
  if (!row) throw new NotFoundError(TALENT_NOT_FOUND)
  return toTalent(row)
}

/** A talent with the custom field values `viewer` may see (security rule 65). */
export async function getTalentFor(db: Db, id: number, viewer: Actor): Promise<Talent> {
  const talent = await getTalent(db, id)
  const [row] = await db
    .select({ values: talents.customFields })
    .from(talents)
    .where(eq(talents.id, id))
  const values = await visibleValues(db, viewer, talent.addedById, row?.values ?? {})
  return { ...talent, customFields: values }
}

/**
 * POST /api/talents. The server sets addedById to the viewer (security rule 14). The privacy record
 * defaults to the form's (source `sourced`, security rule 49); a person erased before is
 * refused with the warning until confirmed (security rule 52; `erasureKeys` absent: no check,
 * for callers outside a request such as the seed).
 */
export async function createTalent(
  db: Db,
  input: TalentInput,
  viewer: Actor,
  erasureKeys?: ErasureKeys,
): Promise<Talent> {
  if (input.addedById !== undefined && input.addedById !== viewer.id) {
    throw new BadRequestError(ADDED_BY_FORBIDDEN, { addedById: [ADDED_BY_FORBIDDEN] })
  }
  const { cvFileId, privacy, confirmErased, customFields: sent, ...fields } = input
  return write(db, async (tx) => {
    const customFields = await checkedValues(tx, viewer, viewer.id, sent, {}, true)
    await assertEmailFree(tx, fields.email)
    if (erasureKeys) await assertNotErased(tx, erasureKeys, fields, confirmErased === true)
    const [row] = await tx
      .insert(talents)
      .values({
        ...fields,
        phone: emptyToNull(input.phone),
        linkedinUrl: emptyToNull(input.linkedinUrl),
        cvResumePath: emptyToNull(input.cvResumePath),
        notes: emptyToNull(input.notes),
        tags: await ensureTags(tx, input.tags, viewer),
        addedById: viewer.id,
        customFields,
        ...privacyValues(privacy ?? defaultPrivacyRecord(FORM_DEFAULT_SOURCE)),
      })
      .returning({ id: talents.id })
    if (!row) throw new Error(`Talent ${input.email} was not inserted`)
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'talent.created',
      entityType: 'talent',
      entityId: row.id,
      details: { fullName: fields.fullName, email: fields.email },
    })
    // The talent is new in this transaction: its first CV version has nothing to prune.
    if (cvFileId !== undefined) await claimUpload(tx, cvFileId, row.id, viewer, null)
    return getTalentFor(tx, row.id, viewer)
  })
}

/**
 * PUT /api/talents/:id. Absent optional fields keep their value (the spec's client sends no
 * status). With `updatedAt`, an edit based on an older version is refused (security rule 27); the
 * row is locked first so two concurrent edits cannot both pass the check.
 */
export async function updateTalent(
  db: Db,
  id: number,
  input: TalentUpdate,
  viewer: Actor,
): Promise<Talent> {
  return write(db, async (tx) => {
    const current = await lockTalent(tx, id)
    const { updatedAt, tags, addedById, customFields: sent, ...fields } = input
    // Security rule 14: a body may repeat the adder, never change it.
    if (addedById !== undefined && addedById !== current.addedById) {
      throw new BadRequestError(ADDED_BY_FORBIDDEN, { addedById: [ADDED_BY_FORBIDDEN] })
    }
    if (updatedAt !== undefined && new Date(updatedAt).getTime() !== current.updatedAt.getTime()) {
      throw new ConflictError(STALE_EDIT)
    }
    await assertEmailFree(tx, fields.email, id)
    const [stored] = await tx
      .select({ values: talents.customFields })
      .from(talents)
      .where(eq(talents.id, id))
    const customFields = await checkedValues(
      tx,
      viewer,
      current.addedById,
      sent,
      stored?.values ?? {},
      false,
    )
    const before = await getTalent(tx, id)
    await tx
      .update(talents)
      .set({
        ...fields,
        phone: emptyToNull(fields.phone),
        linkedinUrl: emptyToNull(fields.linkedinUrl),
        cvResumePath: emptyToNull(fields.cvResumePath),
        notes: emptyToNull(fields.notes),
        tags: tags === undefined ? undefined : await ensureTags(tx, tags, viewer),
        customFields,
        // A version the client can hold exactly (milliseconds, as in its ISO string) and that
        // always moves forward, even for two edits within one millisecond (security rule 27).
        updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`,
      })
      .where(eq(talents.id, id))
    const after = await getTalentFor(tx, id, viewer)
    const changes = [
      ...changedFields(before, after, TRACKED_FIELDS),
      ...(customFields === undefined
        ? []
        : customFieldChanges(await loadDefinitions(tx), stored?.values ?? {}, customFields)),
    ]
    // A save that changes nothing has nothing to tell in the History (see README).
    if (changes.length > 0) {
      await recordActivity(tx, {
        userId: viewer.id,
        action: 'talent.updated',
        entityType: 'talent',
        entityId: id,
        details: { fullName: after.fullName, changes },
      })
    }
    return after
  })
}

/** DELETE /api/talents/:id: admins, or the user who added the talent (rule above). */
export async function deleteTalent(
  db: Db,
  id: number,
  viewer: Actor,
): Promise<{ message: string }> {
  return write(db, async (tx) => {
    const row = await lockTalent(tx, id)
    if (!canChange(viewer, row)) {
      throw new ForbiddenError(DELETE_FORBIDDEN)
    }
    await tx.delete(talents).where(eq(talents.id, id))
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'talent.deleted',
      entityType: 'talent',
      entityId: id,
      details: { fullName: row.fullName, email: row.email },
    })
    return { message: 'Talent deleted successfully' }
  })
}
