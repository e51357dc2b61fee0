import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeEach, describe, expect } from 'vitest'
import { inviteResponseSchema } from '#shared/user.ts'
import { users } from '../db/schema.ts'
import { apiTest, apiTestWith } from '#tests/support/api-test.ts'
import { loginAs } from '#tests/support/test-app.ts'
import { openTempPassword } from './temp-password.ts'
import { INVITE_MAIL_FAILED_MESSAGE, INVITE_SENT_MESSAGE, mailFailedDevMessage } from './invite.ts'

type Received = { from: string; to: string[]; raw: string }

/** A real SMTP server on loopback (no TLS, no auth) that keeps every message it receives. */
async function startSmtpServer() {
  const received: Received[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { received, port, close: () => new Promise<void>((resolve) => server.close(resolve)) }
}

/** The text body of a single-part message, quoted-printable decoded if it was encoded. */
function textBody(raw: string): string {
  const [headers = '', ...rest] = raw.split('\r\n\r\n')
  const body = rest.join('\r\n\r\n')
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

// The SMTP server starts before the file's app, whose SMTP_URL names its port.
const smtp = await startSmtpServer()
afterAll(async () => {
  await smtp.close()
})
beforeEach(() => {
  smtp.received.length = 0
})
const test = apiTestWith({
  smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
  mailFrom: 'Scout <scout@example.com>',
  publicUrl: 'https://scout.example.com',
  // The test server speaks no TLS (security rule 37 is tested in mailer.unit.test.ts).
  smtpInsecure: true,
})

/** An app whose SMTP server is gone: its port closed just before the app is built. */
const mailFails = apiTest.extend('appConfig', { scope: 'file' }, async () => {
  const closed = await startSmtpServer()
  await closed.close()
  return { smtpUrl: `smtp://127.0.0.1:${closed.port}` }
})

describe('POST /api/invite with SMTP_URL', () => {
  test('e-mails who invited them, where to sign in and the temporary password', async ({ api }) => {
    const admin = await api.signIn({ role: 'admin', firstName: 'Grace', lastName: 'Hopper' })
    const response = await admin.inject('POST', '/api/invite', {
      email: 'Ada@Example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
    })
    expect(response.statusCode).toBe(201)
    const body = inviteResponseSchema.parse(response.json())
    // The admin is told it was sent; the password travels only by e-mail (and the admin list).
    expect(body.message).toBe(INVITE_SENT_MESSAGE)
    expect(body.tempPassword).toBeUndefined()
    expect(body.devModeMessage).toBeUndefined()
    const [row] = await api.database.db.select().from(users).where(eq(users.id, body.user.id))
    const temp = openTempPassword(api.config.secretKey, row?.tempPasswordEnc ?? null) ?? ''
    expect(temp).toMatch(/^[A-Za-z0-9]{16}$/)

    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]
    expect(mail?.from).toBe('scout@example.com')
    expect(mail?.to).toEqual(['ada@example.com'])
    expect(mail?.raw).toMatch(/^Subject: Grace Hopper invited you to Scout\r?$/m)
    const text = textBody(mail?.raw ?? '')
    expect(text).toContain('Hello Ada,')
    expect(text).toContain('Grace Hopper invited you to Scout')
    expect(text).toContain('Sign in at: https://scout.example.com/login')
    expect(text).toContain(`Temporary password: ${temp}`)
    await loginAs(api.app, 'ada@example.com', temp)
  })

  test('an admin without a name is named by their e-mail', async ({ api }) => {
    const admin = await api.signIn({ role: 'admin', firstName: null, lastName: null })
    const response = await admin.inject('POST', '/api/invite', {
      email: 'bob@example.com',
      firstName: 'Bob',
      lastName: 'B',
    })
    expect(response.statusCode).toBe(201)
    expect(textBody(smtp.received[0]?.raw ?? '')).toContain(
      `${admin.user.email} invited you to Scout`,
    )
  })
})

mailFails(
  'when sending fails the user still exists and the admin gets the temporary password',
  async ({ api }) => {
    const admin = await api.as('admin')
    const response = await admin.inject('POST', '/api/invite', {
      email: 'carol@example.com',
      firstName: 'Carol',
      lastName: 'C',
      role: 'user',
    })
    expect(response.statusCode).toBe(201)
    const body = inviteResponseSchema.parse(response.json())
    const temp = body.tempPassword ?? ''
    expect(body.message).toBe(INVITE_MAIL_FAILED_MESSAGE)
    expect(body.devModeMessage).toBe(mailFailedDevMessage(temp))
    expect(body.user.tempPassword).toBe(temp)
    await loginAs(api.app, 'carol@example.com', temp)
  },
)
