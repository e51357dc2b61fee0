import type { MailMessage } from './mailer.ts'
import { temporaryPasswordEmail, type TemporaryPasswordInput } from './temporary-password-email.ts'

export type PasswordResetInput = TemporaryPasswordInput

/** The e-mail of an admin's 'Reset password': where to sign in, the new password. */
export function passwordResetEmail(input: PasswordResetInput): MailMessage {
  return temporaryPasswordEmail(input, {
    subject: 'Your Scout password was reset',
    reason: 'An admin reset your Scout password.',
  })
}
