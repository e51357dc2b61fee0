import type { IncomingMessage } from 'node:http'

/**
 * Security rule 44: the most of a refused body the server reads and throws away so the client can
 * read its 413. Fastify refuses a body over its limit before reading it and closes the connection;
 * closing a socket with unread bytes in it sends a TCP reset, and a client still writing its body
 * then sees ECONNRESET instead of the answer. Past this, the socket is closed as before: reading
 * more would let one client make the server swallow any amount of data. A "16 MB" body counted
 * in MiB, with its JSON around it, still fits.
 */
export const DISCARD_BODY_UP_TO_BYTES = 17 * 1024 * 1024

/**
 * Reads the rest of a request's body without keeping it, up to `capBytes` in all (what was read
 * before is not counted: Fastify reads at most the route's limit). Resolves true when the body
 * ended, false when it was too long, the client went away or it was already consumed elsewhere.
 */
export function discardBody(
  raw: IncomingMessage,
  capBytes = DISCARD_BODY_UP_TO_BYTES,
): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true)
  if (raw.destroyed) return Promise.resolve(false)
  const declared = Number(raw.headers['content-length'])
  if (declared > capBytes) return Promise.resolve(false)
  return new Promise((resolve) => {
    let seen = 0
    const finish = (ended: boolean) => {
      raw.off('data', onData)
      raw.off('end', onEnd)
      raw.off('close', onClose)
      raw.off('error', onClose)
      resolve(ended)
    }
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length
      if (seen > capBytes) {
        raw.pause()
        finish(false)
      }
    }
    const onEnd = () => finish(true)
    const onClose = () => finish(raw.complete)
    raw.on('data', onData)
    raw.once('end', onEnd)
    raw.once('close', onClose)
    raw.once('error', onClose)
    raw.resume()
  })
}
