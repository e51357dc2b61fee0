import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { LoginRequest } from '#shared/auth.ts'
import { recordActivity } from '../audit/record.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { UnauthorizedError } from '../errors.ts'
import type { UserRow } from '../db/rows.ts'
import { findUserByEmail, normalizeEmail } from './accounts.ts'
import { clientAddressKey } from './client-address.ts'
import { DEVICE_COOKIE_DAYS, issueDeviceCookie, readDeviceCookie } from './device-cookie.ts'
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { LOGIN_FAILED_MESSAGE, TEMP_PASSWORD_EXPIRED_MESSAGE, typedEmailHash } from './service.ts'
import { createSession, type NewSession } from './sessions.ts'
import {
  claimDeviceAttempt,
  claimLoginAttempt,
  forgetDevice,
  recordLoginSuccess,
  takeBackLoginAttempt,
} from './throttle.ts'
import { type ChallengePurpose, createChallenge } from './mfa/challenges.ts'
import { inTransaction } from '../db/in-transaction.ts'

export type LoginContext = {
  ip: string
  userAgent?: string
  /** The device cookie the browser sent, if any (security rule 6 d). */
  deviceCookie?: string | undefined
  log: FastifyBaseLogger
}

export type SessionResult = NewSession & {
  user: UserRow
  /** A new device cookie for this browser and account; undefined without SECRET_KEY. */
  deviceCookie: string | undefined
}

/** A session, or the mfaToken of the second factor that is due first. */
export type LoginResult =
  ({ kind: 'session' } & SessionResult) | { kind: ChallengePurpose; mfaToken: string }

const DEVICE_LIFETIME_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60

/**
 * Counts the attempt before its password is checked (security rule 6 a). A browser with a valid
 * device cookie for this account counts against the cookie (6 d) — held neither by the account's
 * lock nor by its address's — until the cookie has had its failures; anyone else against the
 * account, the (address, account) pair and the address's spray limit (6 b, c). Returns the
 * account's consecutive failures when they counted.
 */
async function claimAttempt(
  db: Db,
  config: Config,
  email: string,
  context: LoginContext,
): Promise<{ device: string | undefined; accountFailures: number | undefined }> {
  const device = config.secretKey
    ? readDeviceCookie(config.secretKey, context.deviceCookie, email)
    : undefined
  if (
    device &&
    (await claimDeviceAttempt(db, config.throttle, device.nonce, DEVICE_LIFETIME_SECONDS))
  ) {
    return { device: device.nonce, accountFailures: undefined }
  }
  const target = { ip: clientAddressKey(context.ip), email }
  return {
    device: undefined,
    accountFailures: await claimLoginAttempt(db, config.throttle, target),
  }
}

/**
 * spec section 7 POST /api/auth/login with security rule 5, 6, 8, 12: throttled, one generic
 * message for unknown e-mail, wrong password and inactive user, a new session every time.
 */
export async function login(
  db: Db,
  config: Config,
  input: LoginRequest,
  context: LoginContext,
): Promise<LoginResult> {
  const email = normalizeEmail(input.email)
  const { device, accountFailures } = await claimAttempt(db, config, email, context)
  const found = await findUserByEmail(db, email)
  const matches = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password)
  if (!found || !matches || !found.isActive) {
    const reason = !found ? 'unknown_email' : !matches ? 'wrong_password' : 'inactive'
    const who = found ? { email, userId: found.id } : { emailHash: typedEmailHash(email) }
    context.log.warn({ event: 'login_failure', ...who, ip: context.ip, reason, device: !!device })
    // Security rule 6 e: the failure that locks a real account is in the activity log, once.
    if (found && accountFailures === config.throttle.accountFreeFailures) {
      await recordActivity(db, {
        userId: null,
        action: 'user.locked',
        entityType: 'user',
        entityId: found.id,
        details: { failures: accountFailures },
      })
    }
    throw new UnauthorizedError(LOGIN_FAILED_MESSAGE)
  }
  let user = found
  const expiry = user.tempPasswordExpiresAt
  if (user.mustChangePassword && expiry && expiry.getTime() <= Date.now()) {
    // Security rule 4: only said when the password was right, so it reveals nothing new.
    context.log.warn({ event: 'login_failure', email, ip: context.ip, reason: 'temp_expired' })
    throw new UnauthorizedError(TEMP_PASSWORD_EXPIRED_MESSAGE)
  }
  // A trusted browser's success leaves the strangers' count on the account as it was: the owner
  // signing in must not hand an attacker a fresh allowance.
  const secondFactor = secondFactorDue(user)
  if (device) await forgetDevice(db, device)
  else if (secondFactor) {
    // Security rule 39: the password alone clears nothing; the code's success will.
    await takeBackLoginAttempt(db, config.throttle, { ip: clientAddressKey(context.ip), email })
  } else await recordLoginSuccess(db, config.throttle, { ip: clientAddressKey(context.ip), email })
  if (needsRehash(user.passwordHash)) {
    // Security rule 1: upgrade the stored hash to the current parameters while we hold the password.
    user = await setPasswordHash(db, user.id, await hashPassword(input.password))
  }
  if (secondFactor) {
    const mfaToken = await createChallenge(db, user.id, secondFactor)
    context.log.info({ event: 'login_password_ok', userId: user.id, ip: context.ip, secondFactor })
    return { kind: secondFactor, mfaToken }
  }
  return { kind: 'session', ...(await startSession(db, config, user, context)) }
}

/** What is due after a right password: a code ('verify'), enrolment first ('enroll'), or nothing. */
function secondFactorDue(user: UserRow): ChallengePurpose | undefined {
  if (user.mfaSecretEnc !== null) return 'verify'
  return user.mfaEnabled ? 'enroll' : undefined
}

/**
 * The end of every sign-in (password alone, or password and second factor): a new session, its
 * activity entry in the same transaction, and a new device cookie (security rule 6 d).
 */
export async function startSession(
  db: Db,
  config: Config,
  user: UserRow,
  context: LoginContext,
): Promise<SessionResult> {
  const userId = user.id
  // The session row and its sign-in entry commit together. entityId is the user who
  // signed in, not the session: sessions are deleted at logout, and the (entity_type, entity_id)
  // index then answers "this user's sign-ins" directly.
  const session = await inTransaction(db, async (tx) => {
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
  const deviceCookie = config.secretKey
    ? issueDeviceCookie(config.secretKey, user.email)
    : undefined
  return { ...session, user, deviceCookie }
}

async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning()
  if (!row) throw new UnauthorizedError()
  return row
}
