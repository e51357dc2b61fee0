import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'

export type MailAddress = { name: string; address: string }

export type MailMessage = { to: MailAddress; subject: string; text: string }

/** What the app needs from e-mail; tests may pass their own to buildApp. */
export type Mailer = {
  send: (message: MailMessage) => Promise<void>
  close: () => void
}

/**
 * Sends a message and says whether it went. A refused or unreachable mail server is logged under
 * `failure.event`, never thrown: the person's account is already written, and the admin is shown
 * the temporary password instead.
 */
export async function sendOrLog(
  mailer: Mailer,
  message: MailMessage,
  log: Pick<FastifyBaseLogger, 'error'>,
  failure: { event: string; userId: number },
): Promise<boolean> {
  try {
    await mailer.send(message)
    return true
  } catch (error) {
    log.error({ ...failure, err: error })
    return false
  }
}

// A mail server that hangs must not hold an admin's request for minutes (nodemailer's defaults).
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

type SmtpConfig = Pick<Config, 'mailFrom' | 'smtpInsecure'> & { smtpUrl: string }

/**
 * Sends through the SMTP server of SMTP_URL. smtps:// speaks TLS from the start; smtp:// must
 * upgrade with STARTTLS (security rule 37: requireTLS), so a man in the middle who strips the
 * STARTTLS offer gets a failed send, not the temporary password in plain text — unless the
 * operator set SMTP_INSECURE=true for a lab server.
 */
export function createSmtpMailer(config: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    ...TIMEOUTS,
    requireTLS: !config.smtpInsecure,
  })
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from: config.mailFrom, to, subject, text })
    },
    close: () => transport.close(),
  }
}
