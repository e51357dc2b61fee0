import { hash } from '@node-rs/argon2'
import { expect, test } from 'vitest'
import { BusyError } from '../errors.ts'
import {
  createHashQueue,
  generateTempPassword,
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.ts'

test('hashes with argon2id at the security rule 1 parameters and a 16-byte salt', async () => {
  const stored = await hashPassword('correct horse battery staple')
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$/)
  expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true)
  expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false)
  expect(await hashPassword('correct horse battery staple')).not.toBe(stored)
  expect(needsRehash(stored)).toBe(false)
})

test('needsRehash spots other parameters and unreadable hashes', async () => {
  const weaker = await hash('x', { memoryCost: 8192, timeCost: 1, parallelism: 1 })
  expect(needsRehash(weaker)).toBe(true)
  expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true)
  expect(await verifyPassword('not a hash', 'x')).toBe(false)
})

test('unknown users are verified against a dummy hash and never match', async () => {
  expect(await verifyAgainstDummy('anything')).toBe(false)
})

test('temporary passwords: 16 base62 characters from the CSPRNG (≈ 95 bits)', () => {
  const seen = new Set<string>()
  for (let i = 0; i < 200; i++) {
    const password = generateTempPassword()
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/)
    seen.add(password)
  }
  expect(seen.size).toBe(200)
  expect(generateTempPassword(24)).toHaveLength(24)
})

test('security rule 1, 6 f: the hash queue runs 2 at once, holds 32, and refuses the rest with 503', async () => {
  const limited = createHashQueue(2, 32)
  let running = 0
  let peak = 0
  const release: (() => void)[] = []
  const work = () =>
    new Promise<string>((resolve) => {
      running++
      peak = Math.max(peak, running)
      release.push(() => {
        running--
        resolve('done')
      })
    })
  const results = Array.from({ length: 40 }, () =>
    limited(work).then(
      () => 'ok',
      (error: unknown) => error,
    ),
  )
  // Let the queue settle, then finish the work one by one.
  for (let i = 0; i < 34; i++) {
    await new Promise((resolve) => setImmediate(resolve))
    release.shift()?.()
  }
  const settled = await Promise.all(results)
  const refused = settled.filter((r) => r instanceof BusyError)
  expect(peak).toBe(2)
  expect(settled.filter((r) => r === 'ok')).toHaveLength(34)
  expect(refused).toHaveLength(6)
  expect(refused[0]).toMatchObject({ statusCode: 503, retryAfterSeconds: 1 })
})
