import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/** A real SMTP server on loopback (no TLS, no auth) that keeps every message it receives. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = []
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
export function textBody(raw: string): string {
  const [headers = '', ...rest] = raw.split('\r\n\r\n')
  const body = rest.join('\r\n\r\n')
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body
  const text = body.replace(/=\r\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(text.charCodeAt(i))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The subject header of a message (plain ASCII subjects only). */
export function subjectOf(raw: string): string {
  return /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
}

/** The first privacy-page link in a message's text. */
export function privacyLinkIn(raw: string): string {
  const match = /https?:\/\/\S+\/privacy\/r\/[A-Za-z0-9_-]{43}/.exec(textBody(raw))
  if (!match) throw new Error(`no privacy link in the mail:\n${raw}`)
  return match[0]
}
