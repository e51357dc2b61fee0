import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'

export type MailAddress = { name: string; address: string }

export type MailMessage = { to: MailAddress; subject: string; text: string }

/** What the app needs from e-mail; tests may pass their own to buildApp. */
export type Mailer = {
  send: (message: MailMessage) => Promise<void>
  close: () => void
}

// A mail server that hangs must not hold an admin's request for minutes (nodemailer's defaults).
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** Sends through the SMTP server of SMTP_URL (smtp:// upgrades with STARTTLS when offered). */
export function createSmtpMailer(config: Pick<Config, 'mailFrom'> & { smtpUrl: string }): Mailer {
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...TIMEOUTS })
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from: config.mailFrom, to, subject, text })
    },
    close: () => transport.close(),
  }
}
