import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SecretKey } from '../../secrets/secret-box.ts'

/*
 * The public page's link (security rule 59): a random 32-byte token, base64url in the link, of
 * which the database keeps only the SHA-256. The page's forms carry a second value bound to it
 * (security rule 60): HMAC-SHA256 of the token's hash under a key derived from SECRET_KEY.
 */

export const TOKEN_BYTES = 32
/** 32 bytes in base64url, no padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const LABEL = 'scout privacy page forms\0'

/**
 * The forms' key. Without SECRET_KEY (PostgreSQL set up without one) a fixed key stands in: the
 * form value is then only as secret as the link itself, which the page needs anyway.
 */
export function pageFormKey(secretKey: SecretKey | undefined): Buffer {
  return createHash('sha256')
    .update(LABEL)
    .update(secretKey ? secretKey.bytes : Buffer.alloc(0))
    .digest()
}

export function formTokenFor(key: Buffer, tokenHash: string): string {
  return createHmac('sha256', key).update(tokenHash).digest('base64url')
}

export function isFormTokenFor(key: Buffer, tokenHash: string, given: unknown): boolean {
  if (typeof given !== 'string') return false
  const expected = Buffer.from(formTokenFor(key, tokenHash))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
