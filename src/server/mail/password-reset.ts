import type { MailMessage } from './mailer.ts'

export type PasswordResetInput = {
  invitee: { email: string; firstName: string | null }
  loginUrl: string
  tempPassword: string
  expiresAt: Date
}

function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim()
}

/** The e-mail of an admin's 'Reset password' (issue 20): where to sign in, the new password. */
export function passwordResetEmail({
  invitee,
  loginUrl,
  tempPassword,
  expiresAt,
}: PasswordResetInput): MailMessage {
  const greeting = invitee.firstName ? `Hello ${oneLine(invitee.firstName)},` : 'Hello,'
  const text = [
    greeting,
    '',
    'An admin reset your Scout password.',
    '',
    `Sign in at: ${loginUrl}`,
    `E-mail: ${invitee.email}`,
    `Temporary password: ${tempPassword}`,
    '',
    `The temporary password works until ${expiresAt.toUTCString()}. When you sign in, you will`,
    'choose your own password.',
    '',
  ].join('\n')
  return {
    to: { name: oneLine(invitee.firstName ?? ''), address: invitee.email },
    subject: 'Your Scout password was reset',
    text,
  }
}
