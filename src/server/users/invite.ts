import type { FastifyBaseLogger } from 'fastify'
import type { InviteResponse, InviteUser } from '#shared/user.ts'
import type { Config } from '../config.ts'
import { recordActivity } from '../audit/record.ts'
import type { Db } from '../db/open.ts'
import { inTransaction } from '../db/in-transaction.ts'
import { generateTempPassword, hashPassword } from '../auth/passwords.ts'
import { invitationEmail } from '../mail/invitation.ts'
import { sendOrLog, type Mailer } from '../mail/mailer.ts'
import { emailTaken, insertUserRow, tempPasswordExpiry, toAdminUser } from './service.ts'
import { findUserByEmail } from '../auth/accounts.ts'
import type { UserRow } from '../db/rows.ts'
import { sealTempPassword } from './temp-password.ts'
import { userDetails } from './user-activity.ts'

export const INVITE_SENT_MESSAGE =
  'The user has been invited successfully. An invitation e-mail was sent.'
export const INVITE_NOT_SENT_MESSAGE = 'User invited. Share the temporary password with them.'
export const INVITE_MAIL_FAILED_MESSAGE =
  'User invited, but the invitation e-mail could not be sent. Share the temporary password with them.'

export function noSmtpDevMessage(tempPassword: string): string {
  return (
    'E-mail is not configured (SMTP_URL), so no invitation was sent. ' +
    `Share this temporary password with the user: ${tempPassword}`
  )
}

export function mailFailedDevMessage(tempPassword: string): string {
  return (
    'The invitation e-mail could not be sent (the server log has the reason). ' +
    `Share this temporary password with the user: ${tempPassword}`
  )
}

export type InviteContext = {
  db: Db
  config: Pick<Config, 'tempPasswordDays' | 'publicUrl' | 'secretKey'>
  mailer: Mailer | undefined
  log: FastifyBaseLogger
}

function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
  return name || user.email
}

/**
 * POST /api/invite (spec section 7, security rule 4): a new user with a CSPRNG temporary password
 * that must be changed at first sign-in and expires after TEMP_PASSWORD_DAYS. With a mailer the
 * invitation is e-mailed; without one, or when sending fails, the admin gets the password to share.
 * The user is created either way.
 */
export async function inviteUser(
  { db, config, mailer, log }: InviteContext,
  input: InviteUser,
  inviter: UserRow,
): Promise<InviteResponse> {
  if (await findUserByEmail(db, input.email)) throw emailTaken()
  const tempPassword = generateTempPassword()
  const expiresAt = tempPasswordExpiry(config)
  const passwordHash = await hashPassword(tempPassword)
  // The user and its user.invited entry commit together; the e-mail goes after.
  // Two invites of one address at once: the unique index decides.
  const row = await inTransaction(
    db,
    async (tx) => {
      const inserted = await insertUserRow(tx, {
        ...input,
        passwordHash,
        mustChangePassword: true,
        tempPasswordEnc: sealTempPassword(config.secretKey, tempPassword),
        tempPasswordExpiresAt: expiresAt,
      })
      await recordActivity(tx, {
        userId: inviter.id,
        action: 'user.invited',
        entityType: 'user',
        entityId: inserted.id,
        details: userDetails(inserted),
      })
      return inserted
    },
    { onDuplicate: emailTaken },
  )
  const user = { ...toAdminUser(row, config.secretKey), tempPassword }
  log.info({ event: 'user_invited', userId: row.id, role: row.role, byUserId: inviter.id })
  if (!mailer) {
    return {
      user,
      message: INVITE_NOT_SENT_MESSAGE,
      tempPassword,
      devModeMessage: noSmtpDevMessage(tempPassword),
    }
  }
  const mail = invitationEmail({
    inviter: displayName(inviter),
    invitee: row,
    loginUrl: `${config.publicUrl}/login`,
    tempPassword,
    expiresAt,
  })
  if (!(await sendOrLog(mailer, mail, log, { event: 'invitation_mail_failed', userId: row.id }))) {
    return {
      user,
      message: INVITE_MAIL_FAILED_MESSAGE,
      tempPassword,
      devModeMessage: mailFailedDevMessage(tempPassword),
    }
  }
  log.info({ event: 'invitation_mail_sent', userId: row.id })
  return { user, message: INVITE_SENT_MESSAGE }
}
