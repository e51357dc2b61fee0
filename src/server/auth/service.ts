import { createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ChangePasswordRequest, LoginRequest } from '#shared/auth.ts'
import { recordActivity } from '../activity/record.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { BadRequestError, UnauthorizedError } from '../errors.ts'
import { findUserByEmail, getUserById, normalizeEmail, type UserRow } from '../users/service.ts'
import { passwordProblems } from './password-policy.ts'
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { createSession, deleteSession, deleteUserSessions, type NewSession } from './sessions.ts'
import {
  claimLoginAttempt,
  claimSessionPasswordAttempt,
  recordLoginSuccess,
  takeBackSessionAttempt,
} from './throttle.ts'

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
 * SECURITY.md 34: an e-mail no account has is logged as a keyed hash, never as typed — it may be
 * a password typed into the e-mail box. Repeated tries of one address still show as one hash.
 */
export function typedEmailHash(email: string): string {
  return createHmac('sha256', LOG_PEPPER).update(email).digest('base64url').slice(0, 16)
}

export type LoginContext = { ip: string; userAgent?: string; log: FastifyBaseLogger }

/**
 * spec section 7 POST /api/auth/login with SECURITY.md 5, 6, 8, 12: throttled, one generic
 * message for unknown e-mail, wrong password and inactive user, a new session every time.
 */
export async function login(
  db: Db,
  config: Config,
  input: LoginRequest,
  context: LoginContext,
): Promise<NewSession & { user: UserRow }> {
  const email = normalizeEmail(input.email)
  const target = { ip: context.ip, email }
  // SECURITY.md 6 a: the attempt is counted before the password is checked (a burst is held).
  await claimLoginAttempt(db, config.throttle, target)
  const found = await findUserByEmail(db, email)
  const matches = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password)
  if (!found || !matches || !found.isActive) {
    const reason = !found ? 'unknown_email' : !matches ? 'wrong_password' : 'inactive'
    const who = found ? { email, userId: found.id } : { emailHash: typedEmailHash(email) }
    context.log.warn({ event: 'login_failure', ...who, ip: context.ip, reason })
    throw new UnauthorizedError(LOGIN_FAILED_MESSAGE)
  }
  let user = found
  const expiry = user.tempPasswordExpiresAt
  if (user.mustChangePassword && expiry && expiry.getTime() <= Date.now()) {
    // SECURITY.md 4: only said when the password was right, so it reveals nothing new.
    context.log.warn({ event: 'login_failure', email, ip: context.ip, reason: 'temp_expired' })
    throw new UnauthorizedError(TEMP_PASSWORD_EXPIRED_MESSAGE)
  }
  await recordLoginSuccess(db, target)
  if (needsRehash(user.passwordHash)) {
    // SECURITY.md 1: upgrade the stored hash to the current parameters while we hold the password.
    user = await setPasswordHash(db, user.id, await hashPassword(input.password))
  }
  const userId = user.id
  // The session row and its sign-in entry commit together (issue 5). entityId is the user who
  // signed in, not the session: sessions are deleted at logout, and the (entity_type, entity_id)
  // index then answers "this user's sign-ins" directly.
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, config, userId, context)
    await recordActivity(tx, {
      userId,
      action: 'session.signed_in',
      entityType: 'session',
      entityId: userId,
      details: { sessionId: created.sessionId },
    })
    return created
  })
  context.log.info({ event: 'login_success', userId: user.id, ip: context.ip })
  return { ...session, user }
}

async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning()
  if (!row) throw new UnauthorizedError()
  return row
}

export type PasswordChangeViewer = { userId: number; sessionId: number }

/**
 * spec section 7 POST /api/auth/change-password with SECURITY.md 2-4: the current password is
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
 * SECURITY.md 30: the check is counted before argon2 runs; the fifth wrong current password in 15
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
  return db.transaction(async (tx) => {
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
    // SECURITY.md 3, 9: a password change ends every other session of the user.
    await deleteUserSessions(tx, user.id, keepSessionId)
    return row
  })
}
