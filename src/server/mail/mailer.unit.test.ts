import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSmtpMailer } from './mailer.ts'

/**
 * SECURITY.md 37: a mail server (or a man in the middle) that offers no STARTTLS gets no mail in
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

test('SECURITY.md 37: without STARTTLS the invitation is not sent in plain text', async () => {
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

test('SECURITY.md 37: SMTP_INSECURE=true lets a lab server without TLS receive it', async () => {
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
