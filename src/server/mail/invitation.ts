import type { MailMessage } from './mailer.ts'
import {
  oneLine,
  temporaryPasswordEmail,
  type TemporaryPasswordInput,
} from './temporary-password-email.ts'

export type InvitationInput = TemporaryPasswordInput & {
  /** The inviting admin's name, or their e-mail when they have none. */
  inviter: string
}

/** The invitation e-mail: who invited them, where to sign in, the temporary password. */
export function invitationEmail({ inviter, ...input }: InvitationInput): MailMessage {
  const who = oneLine(inviter)
  return temporaryPasswordEmail(input, {
    subject: `${who} invited you to Scout`,
    reason: `${who} invited you to Scout, the talent pool.`,
  })
}
