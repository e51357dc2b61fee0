import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { BusyError } from '../errors.ts'

/**
 * Security rule 1: argon2id (the library's default algorithm; not naming the
 * const enum), 19 MiB, 2 iterations, 1 lane, set explicitly. The salt is the library's random
 * 16 bytes.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/**
 * Security rule 1 and 6 f: at most `concurrency` hashes run at once, so a login flood cannot starve a
 * 2-core box, and at most `maxWaiting` wait; beyond that the work is refused with BusyError (503 +
 * Retry-After) instead of piling up memory and latency for every later sign-in.
 */
export function createHashQueue(concurrency: number, maxWaiting: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new BusyError(1)
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
    running++
    try {
      return await work()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

// ~50 ms a hash on 2 lanes: 32 waiting is under a second of queue.
const limited = createHashQueue(2, 32)

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, ARGON2_PARAMS))
}

/** True when the password matches; a malformed stored hash counts as no match. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limited(async () => {
    try {
      return await verify(passwordHash, password)
    } catch {
      // An unreadable hash can never match; the caller answers the generic failure.
      return false
    }
  })
}

let dummyHash: Promise<string> | undefined

/**
 * Security rule 5: when the e-mail is unknown, verify against a dummy hash made with the current
 * parameters so the answer takes as long as for a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(await dummyHash, password)
  return false
}

/** True when a stored hash was made with other parameters than ARGON2_PARAMS (security rule 1). */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash)
  if (!match) return true
  const [, m, t, p] = match.map(Number)
  return (
    m !== ARGON2_PARAMS.memoryCost ||
    t !== ARGON2_PARAMS.timeCost ||
    p !== ARGON2_PARAMS.parallelism
  )
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A temporary password from the CSPRNG (security rule 4): 16 base62 characters ≈ 95 bits. Bytes
 * ≥ 248 are skipped so every character is equally likely.
 */
export function generateTempPassword(length = 16): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62]
    }
  }
  return out
}
