import { createHash, createHmac } from 'node:crypto'
import type { CountryCode } from 'libphonenumber-js'
import { phoneE164 } from '../../duplicates/phone-keys.ts'
import type { SecretKey } from '../../secrets/secret-box.ts'

/**
 * How an erased person is recognised again without keeping who they were (security rule 51):
 * the normalised e-mail and phone, each through HMAC-SHA256 under a key derived from SECRET_KEY
 * (the salt lives with the app's secrets, never in the database). Without SECRET_KEY (PostgreSQL
 * set up without one) a fixed key stands in and the records say so (keyId 'none'): the hashes
 * still never hold the values, but anyone with the database can test a guess — set SECRET_KEY.
 */
export type ErasureKeys = {
  readonly keyId: string
  readonly hmacKey: Buffer
  readonly phoneRegion: CountryCode | undefined
}

const LABEL = 'scout erasure identifiers\0'

export function erasureKeys(
  secretKey: SecretKey | undefined,
  phoneRegion?: CountryCode,
): ErasureKeys {
  const hmacKey = createHash('sha256')
    .update(LABEL)
    .update(secretKey ? secretKey.bytes : Buffer.alloc(0))
    .digest()
  return { keyId: secretKey?.id ?? 'none', hmacKey, phoneRegion }
}

export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase()
}

/** E.164 when the number reads as one; else its digits (at least six), so spacing never matters. */
export function normalisePhone(phone: string, region: CountryCode | undefined): string | null {
  const e164 = phoneE164(phone, region)
  if (e164 !== '') return e164
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 6 ? digits : null
}

function keyed(keys: ErasureKeys, kind: 'email' | 'phone', value: string): string {
  return createHmac('sha256', keys.hmacKey).update(`${kind}\0${value}`).digest('base64url')
}

export function emailHash(keys: ErasureKeys, email: string | null | undefined): string | null {
  if (!email || email.trim() === '') return null
  return keyed(keys, 'email', normaliseEmail(email))
}

export function phoneHash(keys: ErasureKeys, phone: string | null | undefined): string | null {
  if (!phone) return null
  const normal = normalisePhone(phone, keys.phoneRegion)
  return normal === null ? null : keyed(keys, 'phone', normal)
}
