import { recordActivity } from '../../audit/record.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/open.ts'
import type { UserRow } from '../../db/rows.ts'
import { UnauthorizedError } from '../../errors.ts'
import type { MfaSetupResponse } from '#shared/mfa.ts'
import { clientAddressKey } from '../client-address.ts'
import { type LoginContext, type SessionResult, startSession } from '../login.ts'
import { deleteSessionsOfUser } from '../sessions.ts'
import { claimLoginAttempt, recordLoginSuccess } from '../throttle.ts'
import {
  type Challenge,
  consumeChallenge,
  noteChallengeFailure,
  openChallenge,
} from './challenges.ts'
import { acceptLoginCode, beginSetup, finishEnrolment, MFA_LOGIN_WRONG_CODE } from './service.ts'

/**
 * The second step of a sign-in. A code is counted before it is checked, against the
 * account and the address exactly like a password (security rule 6 a-c, 39), and on the challenge,
 * which is spent after 5 wrong codes. The challenge is spent by the success too (single use).
 */
async function checkCode<T>(
  db: Db,
  config: Config,
  challenge: Challenge,
  context: LoginContext,
  check: (user: UserRow) => Promise<T | undefined>,
): Promise<{ target: { ip: string; email: string }; result: T }> {
  const { user } = challenge
  const target = { ip: clientAddressKey(context.ip), email: user.email }
  const failures = await claimLoginAttempt(db, config.throttle, target)
  const result = await check(user)
  if (result !== undefined) return { target, result }
  await noteChallengeFailure(db, challenge.id)
  context.log.warn({
    event: 'login_failure',
    email: user.email,
    userId: user.id,
    ip: context.ip,
    reason: 'wrong_code',
  })
  if (failures === config.throttle.accountFreeFailures) {
    await recordActivity(db, {
      userId: null,
      action: 'user.locked',
      entityType: 'user',
      entityId: user.id,
      details: { failures },
    })
  }
  throw new UnauthorizedError(MFA_LOGIN_WRONG_CODE)
}

/** POST /api/auth/login/mfa: a code from the app or a recovery code; then the session. */
export async function completeMfaLogin(
  db: Db,
  config: Config,
  input: { mfaToken: string; code: string },
  context: LoginContext,
): Promise<SessionResult> {
  const challenge = await openChallenge(db, input.mfaToken, 'verify')
  const { target, result } = await checkCode(db, config, challenge, context, (user) =>
    acceptLoginCode(db, config.secretKey, user, input.code),
  )
  await consumeChallenge(db, challenge.id)
  await recordLoginSuccess(db, config.throttle, target)
  context.log.info({ event: 'login_second_factor', userId: challenge.user.id, method: result })
  return startSession(db, config, challenge.user, context)
}

/** POST /api/auth/login/mfa/setup: the QR code for a user who must enrol before signing in. */
export async function beginEnrolmentAtLogin(
  db: Db,
  config: Config,
  mfaToken: string,
): Promise<MfaSetupResponse> {
  const challenge = await openChallenge(db, mfaToken, 'enroll')
  return beginSetup(db, config.secretKey, challenge.user)
}

/** POST /api/auth/login/mfa/enable: the first code confirms the setup; then the session. */
export async function completeEnrolmentAtLogin(
  db: Db,
  config: Config,
  input: { mfaToken: string; code: string },
  context: LoginContext,
): Promise<SessionResult & { recoveryCodes: string[] }> {
  const challenge = await openChallenge(db, input.mfaToken, 'enroll')
  // The new factor ends any session the user still had (security rule 46); the new one starts after.
  const { target, result: enrolled } = await checkCode(db, config, challenge, context, (user) =>
    finishEnrolment(db, config.secretKey, user, input.code, (tx) =>
      deleteSessionsOfUser(tx, user.id),
    ),
  )
  await consumeChallenge(db, challenge.id)
  await recordLoginSuccess(db, config.throttle, target)
  context.log.info({ event: 'login_second_factor', userId: challenge.user.id, method: 'enrol' })
  const session = await startSession(db, config, enrolled.user, context)
  return { ...session, recoveryCodes: enrolled.recoveryCodes }
}
