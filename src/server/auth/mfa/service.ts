import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { MfaSetupResponse } from '#shared/mfa.ts'
import { recordActivity } from '../../audit/record.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/open.ts'
import { users } from '../../db/schema.ts'
import type { UserRow } from '../../db/rows.ts'
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from '../../errors.ts'
import { decryptSecret, encryptSecret, type SecretKey } from '../../secrets/secret-box.ts'
import { verifyPassword } from '../passwords.ts'
import { deleteSession, deleteUserSessions } from '../sessions.ts'
import { claimSessionPasswordAttempt, takeBackSessionAttempt } from '../throttle.ts'
import { deleteUserChallenges } from './challenges.ts'
import { deleteRecoveryCodes, issueRecoveryCodes, spendRecoveryCode } from './recovery-codes.ts'
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts'
import { inTransaction } from '../../db/in-transaction.ts'

export const SECRET_PURPOSE = 'users.mfa_secret'
export const PENDING_PURPOSE = 'users.mfa_pending_secret'

export const MFA_NEEDS_KEY =
  'Two-factor sign-in needs SECRET_KEY to be set on the server (README, "Secrets").'
export const MFA_ALREADY_ON =
  'Two-factor sign-in is already on. Turn it off first to set it up again.'
export const MFA_NO_SETUP = 'Start the two-factor setup first: scan the QR code, then enter a code.'
export const MFA_WRONG_CODE = "That code is not right. Check your device's clock and try again."
export const MFA_LOGIN_WRONG_CODE =
  'That code is not right, or it was already used. Enter the current code from your authenticator app, or an unused recovery code.'
export const MFA_NOT_ON = 'Two-factor sign-in is not on for your account.'
export const MFA_REQUIRED_BY_ADMIN =
  'An admin requires two-factor sign-in for your account, so it cannot be turned off.'
export const SESSION_ENDED_BY_CODES =
  'Too many wrong codes or passwords. You have been signed out; please sign in again.'

function needKey(key: SecretKey | undefined): SecretKey {
  if (!key) throw new BadRequestError(MFA_NEEDS_KEY)
  return key
}

/**
 * POST /api/auth/mfa/setup (and at sign-in): a new TOTP secret, kept sealed as pending until a
 * code confirms it (security rule 34). A second setup replaces the first; an enrolled user must turn
 * two-factor off first.
 */
export async function beginSetup(
  db: Db,
  key: SecretKey | undefined,
  user: UserRow,
): Promise<MfaSetupResponse> {
  const sealKey = needKey(key)
  if (user.mfaSecretEnc !== null) throw new ConflictError(MFA_ALREADY_ON)
  const secret = newTotpSecret()
  await db
    .update(users)
    .set({ mfaPendingSecretEnc: encryptSecret(sealKey, secret, PENDING_PURPOSE) })
    .where(eq(users.id, user.id))
  return { otpauthUrl: otpauthUrl(secret, user.email), secret }
}

/**
 * Records `step` as the user's last accepted one, only if it is newer than the last: one
 * statement, so a code (or an older one) is accepted once even by two requests at once.
 */
async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id })
  return rows.length > 0
}

/** A code from the app for an enrolled user: right within one step, and not used before. */
export async function acceptTotp(
  db: Db,
  key: SecretKey | undefined,
  user: UserRow,
  code: string,
): Promise<boolean> {
  if (user.mfaSecretEnc === null) return false
  const secret = decryptSecret(needKey(key), user.mfaSecretEnc, SECRET_PURPOSE)
  const step = matchTotp(secret, code)
  return step !== undefined && (await claimStep(db, user.id, step))
}

/** At sign-in: a 6-digit code from the app, or an unused recovery code (then spent). */
export async function acceptLoginCode(
  db: Db,
  key: SecretKey | undefined,
  user: UserRow,
  code: string,
): Promise<'totp' | 'recovery' | undefined> {
  if (/^\d{6}$/.test(code)) return (await acceptTotp(db, key, user, code)) ? 'totp' : undefined
  return (await spendRecoveryCode(db, user.id, code)) ? 'recovery' : undefined
}

/**
 * Confirms the pending setup with a current code: the secret becomes the user's, ten recovery
 * codes are issued (returned once, stored hashed), the code's step counts as used, and the
 * caller's sessions end. Undefined when the code is wrong.
 */
export async function finishEnrolment(
  db: Db,
  key: SecretKey | undefined,
  user: UserRow,
  code: string,
  /** Ends the sessions the new factor must end, in the enrolment's transaction (security rule 46). */
  endSessions: (tx: Db) => Promise<void>,
): Promise<{ user: UserRow; recoveryCodes: string[] } | undefined> {
  const sealKey = needKey(key)
  const pending = user.mfaPendingSecretEnc
  if (user.mfaSecretEnc !== null) throw new ConflictError(MFA_ALREADY_ON)
  if (pending === null) throw new BadRequestError(MFA_NO_SETUP, { code: [MFA_NO_SETUP] })
  const secret = decryptSecret(sealKey, pending, PENDING_PURPOSE)
  const step = matchTotp(secret, code)
  if (step === undefined) return undefined
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        mfaSecretEnc: encryptSecret(sealKey, secret, SECRET_PURPOSE),
        mfaPendingSecretEnc: null,
        mfaLastStep: step,
      })
      .where(and(eq(users.id, user.id), eq(users.mfaPendingSecretEnc, pending)))
      .returning()
    // Another setup replaced the secret meanwhile: its QR code is the one to use.
    if (!row) throw new ConflictError(MFA_NO_SETUP)
    const recoveryCodes = await issueRecoveryCodes(tx, user.id)
    await endSessions(tx)
    await recordActivity(tx, {
      userId: user.id,
      action: 'user.mfa_enabled',
      entityType: 'user',
      entityId: user.id,
    })
    return { user: row, recoveryCodes }
  })
}

/** Turns two-factor off for the user: secret, pending setup, recovery codes and challenges go. */
export async function clearMfa(tx: Db, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ mfaSecretEnc: null, mfaPendingSecretEnc: null, mfaLastStep: null })
    .where(eq(users.id, userId))
  await deleteRecoveryCodes(tx, userId)
  await deleteUserChallenges(tx, userId)
}

export type SignedInCheck = { db: Db; config: Config; user: UserRow; sessionId: number }

/**
 * Security rule 30, 39: a signed-in check of a password or a code is counted before it runs,
 * against the session and as a failure of the account; the fifth wrong one in 15 minutes ends the
 * session (401). A right one takes its count back.
 */
export async function throttledCheck(
  { db, config, user, sessionId }: SignedInCheck,
  check: () => Promise<boolean>,
  wrong: BadRequestError,
): Promise<void> {
  const target = { sessionId, email: user.email }
  const attempts = await claimSessionPasswordAttempt(db, config.throttle, target)
  const max = config.throttle.sessionMaxFailures
  if (attempts <= max && (await check())) {
    await takeBackSessionAttempt(db, target)
    return
  }
  if (attempts >= max) {
    await deleteSession(db, sessionId)
    throw new UnauthorizedError(SESSION_ENDED_BY_CODES)
  }
  throw wrong
}

function wrongCode(): BadRequestError {
  return new BadRequestError(MFA_WRONG_CODE, { code: [MFA_WRONG_CODE] })
}

export const WRONG_PASSWORD = 'Password is incorrect'

function wrongPassword(): BadRequestError {
  return new BadRequestError(WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
}

/**
 * POST /api/auth/mfa/setup, signed in (security rule 46): the current password first, counted like
 * every signed-in password check (security rule 30), so a stolen session alone never gets a secret
 * to bind the thief's authenticator with. The secret is only ever handed out here and at the
 * sign-in's enrolment step (which follows a password just verified), so confirming it with a code
 * proves the password too.
 */
export async function beginSignedInSetup(
  context: SignedInCheck,
  password: string,
): Promise<MfaSetupResponse> {
  const { db, config, user } = context
  needKey(config.secretKey)
  if (user.mfaSecretEnc !== null) throw new ConflictError(MFA_ALREADY_ON)
  await throttledCheck(context, () => verifyPassword(user.passwordHash, password), wrongPassword())
  return beginSetup(db, config.secretKey, user)
}

/**
 * POST /api/auth/mfa/enable: the signed-in user confirms their setup with a code. Binding a new
 * second factor ends the person's other sessions and waiting sign-ins (security rule 46, ASVS 4.0.3
 * V3.7.1), in the enrolment's transaction; this session stays.
 */
export async function enableMfa(
  context: SignedInCheck,
  code: string,
): Promise<{ user: UserRow; recoveryCodes: string[] }> {
  let result: { user: UserRow; recoveryCodes: string[] } | undefined
  const { db, config, user, sessionId } = context
  await throttledCheck(
    context,
    async () => {
      result = await finishEnrolment(db, config.secretKey, user, code, (tx) =>
        deleteUserSessions(tx, user.id, sessionId),
      )
      return result !== undefined
    },
    wrongCode(),
  )
  if (!result) throw wrongCode()
  return result
}

/**
 * POST /api/auth/mfa/disable: needs the password and a current code, each throttled like a
 * password check (security rule 30). Refused while an admin requires two-factor for the user.
 */
export async function disableMfa(
  context: SignedInCheck,
  input: { password: string; code: string },
): Promise<UserRow> {
  const { db, config, user } = context
  if (user.mfaSecretEnc === null) throw new BadRequestError(MFA_NOT_ON)
  if (user.mfaEnabled) throw new ForbiddenError(MFA_REQUIRED_BY_ADMIN)
  await throttledCheck(
    context,
    () => verifyPassword(user.passwordHash, input.password),
    wrongPassword(),
  )
  await throttledCheck(
    context,
    () => acceptTotp(db, config.secretKey, user, input.code),
    wrongCode(),
  )
  return inTransaction(db, async (tx) => {
    await clearMfa(tx, user.id)
    // Changing the second factor ends the other sessions, as binding one does (security rule 46).
    await deleteUserSessions(tx, user.id, context.sessionId)
    await recordActivity(tx, {
      userId: user.id,
      action: 'user.mfa_disabled',
      entityType: 'user',
      entityId: user.id,
    })
    const [row] = await tx.select().from(users).where(eq(users.id, user.id))
    if (!row) throw new UnauthorizedError()
    return row
  })
}
