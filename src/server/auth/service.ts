import { createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ChangePasswordRequest } from '#shared/auth.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { BadRequestError, UnauthorizedError } from '../errors.ts'
import type { UserRow } from '../db/rows.ts'
import { getUserById } from './accounts.ts'
import { passwordProblems } from '../passwords/password-policy.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { deleteSession, deleteUserSessions } from './sessions.ts'
import { claimSessionPasswordAttempt, takeBackSessionAttempt } from './throttle.ts'
import { inTransaction } from '../db/in-transaction.ts'

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password'
export const TEMP_PASSWORD_EXPIRED_MESSAGE =
  'Your temporary password has expired. Ask an admin for a new one.'
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect'
export const SAME_PASSWORD_MESSAGE = 'Choose a password different from your current one.'
export const SESSION_ENDED_MESSAGE =
  'Too many wrong passwords. You have been signed out; please sign in again.'
export const PASSWORD_ALREADY_SET_MESSAGE = 'Your password is already set.'

/** Per process: hashes of one address match within a run, and no list of guesses can undo them. */
const LOG_PEPPER = randomBytes(32)

/**
 * Security rule 34: an e-mail no account has is logged as a keyed hash, never as typed — it may be
 * a password typed into the e-mail box. Repeated tries of one address still show as one hash.
 */
export function typedEmailHash(email: string): string {
  return createHmac('sha256', LOG_PEPPER).update(email).digest('base64url').slice(0, 16)
}

export type PasswordChangeViewer = { userId: number; sessionId: number }

/**
 * spec section 7 POST /api/auth/change-password with security rule 2-4: the current password is
 * required unless the account must change its password; the policy applies; the new password may
 * not be the current (or temporary) one; every other session ends.
 */
export async function changePassword(
  db: Db,
  config: Config,
  input: ChangePasswordRequest,
  viewer: PasswordChangeViewer,
): Promise<UserRow> {
  const user = await loadUser(db, viewer.userId)
  if (!user.mustChangePassword) {
    if (!input.currentPassword) {
      throw new BadRequestError('Current password is required', {
        currentPassword: ['Current password is required'],
      })
    }
    await checkCurrentPassword(db, config, user, input.currentPassword, viewer.sessionId)
  }
  return setOwnPassword(db, config, user, input.newPassword, viewer.sessionId)
}

/**
 * Security rule 30: the check is counted before argon2 runs; the fifth wrong current password in 15
 * minutes (or any check after it) ends this session with a 401, and each counts for the account.
 */
async function checkCurrentPassword(
  db: Db,
  config: Config,
  user: UserRow,
  password: string,
  sessionId: number,
): Promise<void> {
  const target = { sessionId, email: user.email }
  const attempts = await claimSessionPasswordAttempt(db, config.throttle, target)
  const max = config.throttle.sessionMaxFailures
  const matches = attempts <= max && (await verifyPassword(user.passwordHash, password))
  if (matches) {
    await takeBackSessionAttempt(db, target)
    return
  }
  if (attempts >= max) {
    await deleteSession(db, sessionId)
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE)
  }
  throw new BadRequestError(CURRENT_PASSWORD_INCORRECT, {
    currentPassword: [CURRENT_PASSWORD_INCORRECT],
  })
}

/** spec section 7 POST /api/auth/first-time-password-change: only while the user must change. */
export async function firstTimePasswordChange(
  db: Db,
  config: Config,
  newPassword: string,
  viewer: PasswordChangeViewer,
): Promise<UserRow> {
  const user = await loadUser(db, viewer.userId)
  if (!user.mustChangePassword) throw new BadRequestError(PASSWORD_ALREADY_SET_MESSAGE)
  return setOwnPassword(db, config, user, newPassword, viewer.sessionId)
}

async function loadUser(db: Db, userId: number): Promise<UserRow> {
  const user = await getUserById(db, userId)
  if (!user) throw new UnauthorizedError()
  return user
}

async function setOwnPassword(
  db: Db,
  config: Config,
  user: UserRow,
  newPassword: string,
  keepSessionId: number,
): Promise<UserRow> {
  const problems = passwordProblems(newPassword, user, config.passwordMinLength)
  if (problems.length > 0) {
    throw new BadRequestError(problems.join(' '), { newPassword: problems })
  }
  if (await verifyPassword(user.passwordHash, newPassword)) {
    throw new BadRequestError(SAME_PASSWORD_MESSAGE, { newPassword: [SAME_PASSWORD_MESSAGE] })
  }
  const passwordHash = await hashPassword(newPassword)
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        tempPasswordEnc: null,
        tempPasswordExpiresAt: null,
      })
      .where(eq(users.id, user.id))
      .returning()
    if (!row) throw new UnauthorizedError()
    // Security rule 3, 9: a password change ends every other session of the user.
    await deleteUserSessions(tx, user.id, keepSessionId)
    return row
  })
}
