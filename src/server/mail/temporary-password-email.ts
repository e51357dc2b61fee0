import type { MailMessage } from './mailer.ts'

export type TemporaryPasswordInput = {
  invitee: { email: string; firstName: string | null }
  loginUrl: string
  tempPassword: string
  expiresAt: Date
}

/** Names come from people; a line break must never reach a header or reshape the text. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim()
}

/**
 * An e-mail that hands a person a temporary password (an invitation, an admin's reset): why,
 * where to sign in, the password and until when it works.
 */
export function temporaryPasswordEmail(
  { invitee, loginUrl, tempPassword, expiresAt }: TemporaryPasswordInput,
  { subject, reason }: { subject: string; reason: string },
): MailMessage {
  const greeting = invitee.firstName ? `Hello ${oneLine(invitee.firstName)},` : 'Hello,'
  const text = [
    greeting,
    '',
    reason,
    '',
    `Sign in at: ${loginUrl}`,
    `E-mail: ${invitee.email}`,
    `Temporary password: ${tempPassword}`,
    '',
    `The temporary password works until ${expiresAt.toUTCString()}. When you sign in, you will`,
    'choose your own password.',
    '',
  ].join('\n')
  return { to: { name: oneLine(invitee.firstName ?? ''), address: invitee.email }, subject, text }
}
