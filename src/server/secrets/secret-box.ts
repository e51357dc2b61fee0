import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Secrets the server must be able to show again (security rule 34: the spec's temporary passwords,
 * later two-factor secrets), sealed with AES-256-GCM under SECRET_KEY. A stored value describes
 * itself, so the format and the key can change later without guessing:
 *
 *   v1:<keyId>:<iv>:<tag>:<ciphertext>        each part base64url
 *
 * keyId names the key (a truncated SHA-256 of it, not the key), so start-up can tell "encrypted
 * under another key" from "damaged", and rotation can find what it has not re-encrypted yet. The
 * version, key id and purpose are authenticated too (GCM's additional data): a value moved to
 * another column, or relabelled with another key id, fails to open.
 */
export const SECRET_FORMAT = 'v1'
const KEY_BYTES = 32
const IV_BYTES = 12

export type SecretKey = { readonly id: string; readonly bytes: Buffer }

export const SECRET_KEY_FORMAT_MESSAGE =
  'must be 32 random bytes written as base64 (44 characters) or hex (64 characters); ' +
  'make one with: openssl rand -base64 32'

export class SecretError extends Error {}

export function secretKeyFromBytes(bytes: Buffer): SecretKey {
  if (bytes.length !== KEY_BYTES) throw new SecretError(SECRET_KEY_FORMAT_MESSAGE)
  const digest = createHash('sha256').update('scout secret key id\0').update(bytes).digest()
  return { id: digest.subarray(0, 8).toString('base64url'), bytes: Buffer.from(bytes) }
}

/** SECRET_KEY as written in env or the key file: base64 (or base64url) or hex of 32 bytes. */
export function parseSecretKey(text: string): SecretKey {
  const value = text.trim()
  if (/^[0-9a-f]{64}$/i.test(value)) return secretKeyFromBytes(Buffer.from(value, 'hex'))
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    return secretKeyFromBytes(Buffer.from(value.replace(/=$/, ''), 'base64url'))
  }
  throw new SecretError(SECRET_KEY_FORMAT_MESSAGE)
}

export function generateSecretKey(): SecretKey {
  return secretKeyFromBytes(randomBytes(KEY_BYTES))
}

/** How a key is written down (env, key file): base64. */
export function formatSecretKey(key: SecretKey): string {
  return key.bytes.toString('base64')
}

function additionalData(keyId: string, purpose: string): Buffer {
  return Buffer.from(`${SECRET_FORMAT}:${keyId}:${purpose}`)
}

/**
 * Seals `plaintext` for storage. `purpose` names where it is kept (e.g. 'users.temp_password'),
 * and the same purpose must be given to open it.
 */
export function encryptSecret(key: SecretKey, plaintext: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv)
  cipher.setAAD(additionalData(key.id, purpose))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'))
  return [SECRET_FORMAT, key.id, ...parts].join(':')
}

type Sealed = { keyId: string; iv: Buffer; tag: Buffer; ciphertext: Buffer }

function parseSealed(stored: string): Sealed | undefined {
  const parts = stored.split(':')
  if (parts.length !== 5 || parts[0] !== SECRET_FORMAT) return undefined
  const [, keyId = '', iv = '', tag = '', ciphertext = ''] = parts
  if (![keyId, iv, tag].every((p) => /^[A-Za-z0-9_-]+$/.test(p))) return undefined
  if (!/^[A-Za-z0-9_-]*$/.test(ciphertext)) return undefined
  return {
    keyId,
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  }
}

/** True when `stored` is in the sealed format (whatever key sealed it). */
export function isSealed(stored: string): boolean {
  return parseSealed(stored) !== undefined
}

/** The id of the key that sealed `stored`, or undefined for anything not sealed. */
export function sealedKeyId(stored: string): string | undefined {
  return parseSealed(stored)?.keyId
}

/** Opens a value encryptSecret sealed; throws SecretError for another key, purpose or damage. */
export function decryptSecret(key: SecretKey, stored: string, purpose: string): string {
  const sealed = parseSealed(stored)
  if (!sealed) throw new SecretError('The stored value is not an encrypted secret.')
  if (sealed.keyId !== key.id) {
    throw new SecretError(
      `The stored secret was encrypted under key ${sealed.keyId}, not this SECRET_KEY (${key.id}).`,
    )
  }
  if (sealed.iv.length !== IV_BYTES || sealed.tag.length !== 16) {
    throw new SecretError('The stored secret is damaged.')
  }
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, sealed.iv)
  decipher.setAAD(additionalData(sealed.keyId, purpose))
  decipher.setAuthTag(sealed.tag)
  try {
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8')
  } catch {
    // GCM's tag check failed: another key with a colliding id, another purpose, or tampering.
    throw new SecretError('The stored secret is damaged or was sealed for another purpose.')
  }
}
