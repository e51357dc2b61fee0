import { expect, test } from 'vitest'
import { loadConfig } from '../config.ts'
import {
  decryptSecret,
  encryptSecret,
  formatSecretKey,
  generateSecretKey,
  isSealed,
  parseSecretKey,
  sealedKeyId,
  SecretError,
} from './secret-box.ts'

const key = generateSecretKey()
const PURPOSE = 'users.temp_password'

test('security rule 34: a sealed secret is AES-256-GCM ciphertext in a self-describing format', () => {
  const sealed = encryptSecret(key, 'Temp-Pass-123456', PURPOSE)
  expect(sealed).toMatch(/^v1:[\w-]{11}:[\w-]{16}:[\w-]{22}:[\w-]+$/)
  expect(sealed).not.toContain('Temp-Pass')
  expect(sealedKeyId(sealed)).toBe(key.id)
  expect(isSealed(sealed)).toBe(true)
  expect(isSealed('Temp-Pass-123456')).toBe(false)
  expect(decryptSecret(key, sealed, PURPOSE)).toBe('Temp-Pass-123456')
  // A fresh IV each time: the same password never looks the same twice.
  expect(encryptSecret(key, 'Temp-Pass-123456', PURPOSE)).not.toBe(sealed)
  expect(decryptSecret(key, encryptSecret(key, 'Zoë 🎉', PURPOSE), PURPOSE)).toBe('Zoë 🎉')
})

test('security rule 34: another key, another purpose, or any changed character is refused', () => {
  const sealed = encryptSecret(key, 'Temp-Pass-123456', PURPOSE)
  expect(() => decryptSecret(generateSecretKey(), sealed, PURPOSE)).toThrow(/another key|not this/)
  expect(() => decryptSecret(key, sealed, 'users.totp_secret')).toThrow(SecretError)
  const parts = sealed.split(':')
  for (const index of [2, 3, 4]) {
    const part = parts[index] ?? ''
    const flipped = `${part.at(0) === 'A' ? 'B' : 'A'}${part.slice(1)}`
    const tampered = parts.map((p, i) => (i === index ? flipped : p)).join(':')
    expect(() => decryptSecret(key, tampered, PURPOSE)).toThrow(SecretError)
  }
  // Relabelling with the right key's id does not help a value sealed under another key.
  const foreign = encryptSecret(generateSecretKey(), 'x', PURPOSE).split(':')
  foreign[1] = key.id
  expect(() => decryptSecret(key, foreign.join(':'), PURPOSE)).toThrow(SecretError)
})

test('security rule 34: SECRET_KEY is 32 bytes as base64 or hex, else start-up says what to give', () => {
  const written = formatSecretKey(key)
  expect(parseSecretKey(written).id).toBe(key.id)
  expect(parseSecretKey(key.bytes.toString('hex')).id).toBe(key.id)
  expect(parseSecretKey(key.bytes.toString('base64url')).id).toBe(key.id)
  expect(loadConfig({ SECRET_KEY: written }).secretKey?.id).toBe(key.id)
  expect(loadConfig({}).secretKey).toBeUndefined()
  for (const bad of [
    'short',
    'a'.repeat(63),
    Buffer.alloc(16).toString('base64'),
    'x'.repeat(44),
  ]) {
    expect(() => loadConfig({ SECRET_KEY: bad })).toThrow(
      /^Invalid SECRET_KEY: must be 32 random bytes written as base64 \(44 characters\) or hex \(64 characters\); make one with: openssl rand -base64 32$/,
    )
  }
})
