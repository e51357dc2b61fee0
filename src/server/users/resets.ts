import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ResetPasswordResponse } from '#shared/mfa.ts'
import { recordActivity } from '../audit/record.ts'
import { clearMfa } from '../auth/mfa/service.ts'
import { generateTempPassword, hashPassword } from '../auth/passwords.ts'
import { deleteUserSessions } from '../auth/sessions.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import type { UserRow } from '../db/rows.ts'
import { users } from '../db/schema.ts'
import { ForbiddenError, NotFoundError } from '../errors.ts'
import { sendOrLog, type Mailer } from '../mail/mailer.ts'
import { passwordResetEmail } from '../mail/password-reset.ts'
import { tempPasswordExpiry, toAdminUser, USER_NOT_FOUND } from './service.ts'
import { getUserById } from '../auth/accounts.ts'
import { sealTempPassword } from './temp-password.ts'
import { inTransaction } from '../db/in-transaction.ts'

export const SELF_MFA_RESET =
  'You cannot reset your own two-factor sign-in. Turn it off in Settings with a code.'
export const MFA_RESET_MESSAGE =
  'Two-factor sign-in was reset. The user will set it up again at their next sign-in.'
export const SELF_PASSWORD_RESET = 'Change your own password in Settings.'
export const PASSWORD_RESET_SENT = 'A new temporary password was e-mailed to the user.'
export const PASSWORD_RESET_SHOWN =
  'A new temporary password was issued. Share it with the user; it is shown once.'
export const PASSWORD_RESET_MAIL_FAILED =
  'A new temporary password was issued, but the e-mail could not be sent. Share it with the user.'

/**
 * POST /api/users/:id/reset-mfa (lost phone): the user's secret, recovery codes and
 * sessions go, and two-factor becomes required, so they enrol again at their next sign-in. Not
 * for oneself (an admin could otherwise drop their own second factor without a code).
 */
export async function resetMfa(db: Db, id: number, admin: UserRow): Promise<UserRow> {
  if (id === admin.id) throw new ForbiddenError(SELF_MFA_RESET)
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ mfaEnabled: true })
      .where(eq(users.id, id))
      .returning()
    if (!row) throw new NotFoundError(USER_NOT_FOUND)
    await clearMfa(tx, id)
    await deleteUserSessions(tx, id)
    await recordActivity(tx, {
      userId: admin.id,
      action: 'user.mfa_reset',
      entityType: 'user',
      entityId: id,
      details: { email: row.email },
    })
    return { ...row, mfaSecretEnc: null, mfaPendingSecretEnc: null, mfaLastStep: null }
  })
}

export type ResetContext = {
  db: Db
  config: Pick<Config, 'tempPasswordDays' | 'secretKey' | 'publicUrl'>
  mailer: Mailer | undefined
  log: FastifyBaseLogger
}

/**
 * POST /api/users/:id/reset-password (what PATCH mustChangePassword did before): a new
 * CSPRNG temporary password (security rule 4), shown to the admin once and e-mailed when SMTP is
 * set; the user must change it at their next sign-in, and their sessions end.
 */
export async function resetPassword(
  { db, config, mailer, log }: ResetContext,
  id: number,
  admin: UserRow,
): Promise<ResetPasswordResponse> {
  if (id === admin.id) throw new ForbiddenError(SELF_PASSWORD_RESET)
  if (!(await getUserById(db, id))) throw new NotFoundError(USER_NOT_FOUND)
  // Security rule 1: argon2 runs before the transaction holds a connection.
  const tempPassword = generateTempPassword()
  const passwordHash = await hashPassword(tempPassword)
  const expiresAt = tempPasswordExpiry(config)
  const row = await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        tempPasswordEnc: sealTempPassword(config.secretKey, tempPassword),
        tempPasswordExpiresAt: expiresAt,
      })
      .where(eq(users.id, id))
      .returning()
    if (!updated) throw new NotFoundError(USER_NOT_FOUND)
    await deleteUserSessions(tx, id)
    await recordActivity(tx, {
      userId: admin.id,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: id,
      details: { email: updated.email },
    })
    return updated
  })
  const user = { ...toAdminUser(row, config.secretKey), tempPassword }
  if (!mailer) return { user, message: PASSWORD_RESET_SHOWN, tempPassword }
  const mail = passwordResetEmail({
    invitee: row,
    loginUrl: `${config.publicUrl}/login`,
    tempPassword,
    expiresAt,
  })
  const sent = await sendOrLog(mailer, mail, log, {
    event: 'password_reset_mail_failed',
    userId: row.id,
  })
  return { user, message: sent ? PASSWORD_RESET_SENT : PASSWORD_RESET_MAIL_FAILED, tempPassword }
}
