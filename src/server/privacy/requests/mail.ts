import type { PrivacyRequestKind, PrivacyRequestSettings } from '#shared/privacy-requests.ts'
import type { MailMessage } from '../../mail/mailer.ts'
import { oneLine } from '../../mail/temporary-password-email.ts'

export type RequestMailInput = {
  kind: PrivacyRequestKind
  settings: PrivacyRequestSettings
  talent: { fullName: string; email: string }
  link: string
}

/** Replaces each placeholder everywhere, in one pass: a value is never read as a placeholder. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(name|link|company|days)\}/g, (_m, key: string) => values[key] ?? '')
}

/**
 * The notice or consent e-mail, plain text from the admins' template (no HTML, so nothing needs
 * escaping); the name and company are one line each, so a value can never add a header.
 */
export function privacyRequestEmail({
  kind,
  settings,
  talent,
  link,
}: RequestMailInput): MailMessage {
  const values = {
    name: oneLine(talent.fullName),
    link,
    company: oneLine(settings.company),
    days: String(settings.linkDays),
  }
  const subject = kind === 'consent' ? settings.consentSubject : settings.noticeSubject
  const body = kind === 'consent' ? settings.consentBody : settings.noticeBody
  return {
    to: { name: values.name, address: talent.email },
    subject: oneLine(fill(subject, values)),
    text: `${fill(body, values)}\n`,
  }
}
