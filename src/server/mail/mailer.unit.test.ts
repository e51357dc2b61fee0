import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSmtpMailer, sendOrLog } from './mailer.ts'

/**
 * Security rule 37: a mail server (or a man in the middle) that offers no STARTTLS gets no mail in
 * plain text unless SMTP_INSECURE=true. The test server offers no STARTTLS.
 */
let server: SMTPServer
let port = 0
const received: string[] = []

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(resolve))
})

const message = {
  to: { name: 'Ivy', address: 'ivy@example.com' },
  subject: 'Your Scout invitation',
  text: 'Temporary password: Secret-Temp-123',
}

test('security rule 37: without STARTTLS the invitation is not sent in plain text', async () => {
  const mailer = createSmtpMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Scout <no-reply@localhost>',
    smtpInsecure: false,
  })
  try {
    await expect(mailer.send(message)).rejects.toThrow(/STARTTLS|TLS/i)
    expect(received.join('')).not.toContain('Secret-Temp-123')
  } finally {
    mailer.close()
  }
})

test('security rule 37: SMTP_INSECURE=true lets a lab server without TLS receive it', async () => {
  const mailer = createSmtpMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Scout <no-reply@localhost>',
    smtpInsecure: true,
  })
  try {
    await mailer.send(message)
    expect(received.join('')).toContain('Secret-Temp-123')
  } finally {
    mailer.close()
  }
})

test('sendOrLog says whether the message went, and logs a refused one instead of throwing', async () => {
  const logged: unknown[] = []
  const log = { error: (entry: unknown) => void logged.push(entry) }
  const failure = { event: 'invitation_mail_failed', userId: 7 }
  const refusing = createSmtpMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Scout <no-reply@localhost>',
    smtpInsecure: false,
  })
  const accepting = createSmtpMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Scout <no-reply@localhost>',
    smtpInsecure: true,
  })
  try {
    expect(await sendOrLog(refusing, message, log, failure)).toBe(false)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject(failure)
    expect((logged[0] as { err: unknown }).err).toBeInstanceOf(Error)
    expect(await sendOrLog(accepting, message, log, failure)).toBe(true)
    expect(logged).toHaveLength(1)
  } finally {
    refusing.close()
    accepting.close()
  }
})
