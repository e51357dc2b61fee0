import { emptyToNull } from '#shared/empty-to-null.ts'
import { and, asc, eq, getTableColumns } from 'drizzle-orm'
import type { AdminUser, Role, UpdateUser } from '#shared/user.ts'
import { recordActivity } from '../audit/record.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import type { PublicUserRow, UserRow } from '../db/rows.ts'
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts'
import { hashPassword } from '../auth/passwords.ts'
import { getUserById, normalizeEmail, toPublicUser } from '../auth/accounts.ts'
import { deleteUserSessions } from '../auth/sessions.ts'
import { accountLocks } from '../auth/account-locks.ts'
import type { SecretKey } from '../secrets/secret-box.ts'
import { openTempPassword } from './temp-password.ts'
import { MFA_NEEDS_KEY, acceptTotp } from '../auth/mfa/service.ts'
import { userDetails, userUpdatedEntry } from './user-activity.ts'
import { inTransaction } from '../db/in-transaction.ts'

/** A user row read without its passwordHash (only auth/ selects it). */

export type CreateUserInput = {
  email: string
  password: string
  firstName?: string | null
  lastName?: string | null
  role?: Role
  mustChangePassword?: boolean
  isActive?: boolean
  /** Only the bootstrap sets it (bootstrap.ts): "the default admin account" of spec section 6. */
  isDefaultAdmin?: boolean
  /** Sealed (temp-password.ts), never the plain password. */
  tempPasswordEnc?: string | null
  tempPasswordExpiresAt?: Date | null
}

/** Creates a user with a hashed password. Throws the driver's unique violation on a taken e-mail. */
export async function createUser(db: Db, input: CreateUserInput): Promise<UserRow> {
  const { password, ...rest } = input
  return insertUserRow(db, { ...rest, passwordHash: await hashPassword(password) })
}

/**
 * Inserts a user whose password is already hashed, so a caller can hash (slow) before opening
 * the transaction the row shares with its activity entry.
 */
export async function insertUserRow(
  db: Db,
  input: Omit<CreateUserInput, 'password'> & { passwordHash: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: normalizeEmail(input.email) })
    .returning()
  if (!row) throw new Error(`Inserting user ${input.email} returned no row`)
  return row
}

/**
 * The admin's view of a user (spec section 3): the public shape plus the temporary password,
 * opened with the key here and nowhere else (security rule 16, 34).
 */
export function toAdminUser(
  row: PublicUserRow,
  key: SecretKey | undefined,
  lockedUntil?: Date,
): AdminUser {
  return {
    ...toPublicUser(row),
    tempPassword: openTempPassword(key, row.tempPasswordEnc),
    lockedUntil: lockedUntil?.toISOString() ?? null,
  }
}

export const USER_NOT_FOUND = 'User not found'
export const EMAIL_TAKEN = 'A user with this email already exists'
export const SELF_DEACTIVATE = 'You cannot deactivate your own account.'
export const SELF_DEMOTE = 'You cannot remove your own admin role.'
export const SELF_DELETE = 'You cannot delete your own account.'
export const LAST_ADMIN = 'Scout must keep at least one active admin.'
export const KEEP_MUST_CHANGE =
  'This user still has a temporary password and must choose their own at their next sign-in.'
export const USER_DELETED = 'The user has been deleted successfully.'

export function emailTaken(): ConflictError {
  return new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
}

function publicUserColumns() {
  const { passwordHash: _hidden, ...columns } = getTableColumns(users)
  return columns
}

/** GET /api/users: every user, oldest first (no passwordHash leaves this query). */
export async function listUsers(db: Db, key: SecretKey | undefined): Promise<AdminUser[]> {
  const rows = await db
    .select(publicUserColumns())
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
  const locks = await accountLocks(
    db,
    rows.map((row) => row.email),
  )
  return rows.map((row) => toAdminUser(row, key, locks.get(row.email)))
}

/**
 * Locks the active admins' rows for the rest of the transaction and returns their ids, so two
 * admins demoting each other at once cannot both pass the last-admin check (security rule 15).
 */
async function lockActiveAdmins(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .for('update')
  return rows.map((row) => row.id)
}

async function lockUser(tx: Db, id: number): Promise<PublicUserRow> {
  const [row] = await tx
    .select(publicUserColumns())
    .from(users)
    .where(eq(users.id, id))
    .for('update')
  if (!row) throw new NotFoundError(USER_NOT_FOUND)
  return row
}

/** True when `target` stays an active admin no longer, and no other active admin remains. */
async function wouldRemoveLastAdmin(tx: Db, target: PublicUserRow, staysAdmin: boolean) {
  if (target.role !== 'admin' || !target.isActive || staysAdmin) return false
  const admins = await lockActiveAdmins(tx)
  return admins.every((id) => id === target.id)
}

export type UserChange = {
  user: PublicUserRow
  /** The new temporary password when this change issued one (shown to the admin). */
  tempPassword: string | undefined
  deactivated: boolean
}

export const MFA_SELF_CODE =
  'Enter a current code from your authenticator app to stop requiring two-factor sign-in for yourself.'

/**
 * PATCH /api/users/:id (spec section 5 "Edit user", security rule 4, 9, 15). Deactivating
 * ends the user's sessions. Forcing a password change keeps their password: at their next sign-in
 * they are sent to /change-password, and every session they have now ends. A pending temporary
 * password cannot be waived. mfaEnabled means "two-factor required"; an admin who is enrolled
 * stops requiring it for themself only with a code.
 */
export async function updateUser(
  db: Db,
  config: Pick<Config, 'tempPasswordDays' | 'secretKey'>,
  id: number,
  input: UpdateUser,
  viewer: UserRow,
): Promise<UserChange> {
  const before = await getUserById(db, id)
  if (before && input.mfaEnabled && !before.mfaEnabled && !config.secretKey) {
    throw new BadRequestError(MFA_NEEDS_KEY, { mfaEnabled: [MFA_NEEDS_KEY] })
  }
  if (before?.id === viewer.id && before.mfaEnabled && !input.mfaEnabled) {
    const code = input.mfaCode?.trim() ?? ''
    const ok =
      before.mfaSecretEnc === null ||
      (/^\d{6}$/.test(code) && (await acceptTotp(db, config.secretKey, before, code)))
    if (!ok) throw new ForbiddenError(MFA_SELF_CODE)
  }
  return inTransaction(db, async (tx) => {
    const target = await lockUser(tx, id)
    if (target.id === viewer.id && !input.isActive) throw new ForbiddenError(SELF_DEACTIVATE)
    if (target.id === viewer.id && input.role !== 'admin') throw new ForbiddenError(SELF_DEMOTE)
    const staysAdmin = input.role === 'admin' && input.isActive
    if (await wouldRemoveLastAdmin(tx, target, staysAdmin)) throw new ForbiddenError(LAST_ADMIN)
    if (hasPendingTempPassword(target) && !input.mustChangePassword) {
      throw new BadRequestError(KEEP_MUST_CHANGE, { mustChangePassword: [KEEP_MUST_CHANGE] })
    }
    const [row] = await tx
      .update(users)
      .set({
        ...(input.firstName === undefined ? {} : { firstName: emptyToNull(input.firstName) }),
        ...(input.lastName === undefined ? {} : { lastName: emptyToNull(input.lastName) }),
        role: input.role,
        isActive: input.isActive,
        mustChangePassword: input.mustChangePassword,
        mfaEnabled: input.mfaEnabled,
      })
      .where(eq(users.id, id))
      .returning(publicUserColumns())
    if (!row) throw new NotFoundError(USER_NOT_FOUND)
    const entry = userUpdatedEntry(viewer.id, target, row, false)
    if (entry) await recordActivity(tx, entry)
    const deactivated = target.isActive && !row.isActive
    const forced = !target.mustChangePassword && row.mustChangePassword
    // Security rule 9: a deactivated user's sessions end at once; so do those of a user who must now
    // change their password, who signs in again with the password they know.
    if (deactivated || forced) await deleteUserSessions(tx, id)
    return { user: row, tempPassword: undefined, deactivated }
  })
}

/** A temporary password that the user has not replaced yet (invite or admin reset). */
function hasPendingTempPassword(
  row: Pick<UserRow, 'mustChangePassword' | 'tempPasswordExpiresAt'>,
) {
  return row.mustChangePassword && row.tempPasswordExpiresAt !== null
}

/** DELETE /api/users/:id. Their talents stay, with no adder (ON DELETE SET NULL); sessions go. */
export async function deleteUser(db: Db, id: number, viewer: UserRow): Promise<PublicUserRow> {
  return inTransaction(db, async (tx) => {
    const target = await lockUser(tx, id)
    if (target.id === viewer.id) throw new ForbiddenError(SELF_DELETE)
    if (await wouldRemoveLastAdmin(tx, target, false)) throw new ForbiddenError(LAST_ADMIN)
    await tx.delete(users).where(eq(users.id, id))
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'user.deleted',
      entityType: 'user',
      entityId: id,
      details: userDetails(target),
    })
    return target
  })
}

/** When a temporary password issued now stops working (security rule 4, TEMP_PASSWORD_DAYS). */
export function tempPasswordExpiry(config: Pick<Config, 'tempPasswordDays'>): Date {
  return new Date(Date.now() + config.tempPasswordDays * 86_400_000)
}
