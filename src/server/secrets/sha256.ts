import { createHash } from 'node:crypto'

/**
 * SHA-256 as hex: a stored file's name, and what the database keeps of a random secret (a session,
 * an mfaToken, a recovery code) — enough for values with no guessable structure, no slow hash.
 */
export function sha256Of(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}
