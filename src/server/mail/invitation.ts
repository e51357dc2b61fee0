import type { MailMessage } from './mailer.ts'

export type InvitationInput = {
  /** The inviting admin's name, or their e-mail when they have none. */
  inviter: string
  invitee: { email: string; firstName: string | null }
  loginUrl: string
  tempPassword: string
  expiresAt: Date
}

// Names come from people; a line break must never reach a header or reshape the text.
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim()
}

/** The invitation e-mail of issue 4: who invited them, where to sign in, the temporary password. */
export function invitationEmail({
  inviter,
  invitee,
  loginUrl,
  tempPassword,
  expiresAt,
}: InvitationInput): MailMessage {
  const who = oneLine(inviter)
  const greeting = invitee.firstName ? `Hello ${oneLine(invitee.firstName)},` : 'Hello,'
  const text = [
    greeting,
    '',
    `${who} invited you to Scout, the talent pool.`,
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
    subject: `${who} invited you to Scout`,
    text,
  }
}
