import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import type { Db } from '#server/db/open.ts'
import { users } from '#server/db/schema.ts'
import { encryptSecret } from '#server/secrets/secret-box.ts'
import { PENDING_PURPOSE, SECRET_PURPOSE } from '#server/auth/mfa/service.ts'
import { createChallenge, type ChallengePurpose } from '#server/auth/mfa/challenges.ts'
import { TEST_SECRET_KEY } from './test-app.ts'

/**
 * Two-factor helpers for tests. Codes are computed with the same library as the
 * server, from the secret the test holds, at the time the test says.
 */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })
}

export function newSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** Makes the user enrolled with a fresh secret (sealed as the server seals it); returns it. */
export async function enrolUser(db: Db, userId: number, secret = newSecret()): Promise<string> {
  await db
    .update(users)
    .set({ mfaSecretEnc: encryptSecret(TEST_SECRET_KEY, secret, SECRET_PURPOSE) })
    .where(eq(users.id, userId))
  return secret
}

/** Gives the user a pending setup (as POST /api/auth/mfa/setup leaves it); returns its secret. */
export async function pendingSetup(db: Db, userId: number, secret = newSecret()): Promise<string> {
  await db
    .update(users)
    .set({ mfaPendingSecretEnc: encryptSecret(TEST_SECRET_KEY, secret, PENDING_PURPOSE) })
    .where(eq(users.id, userId))
  return secret
}

/** An mfaToken for the user, as a right password would give. */
export function challengeFor(db: Db, userId: number, purpose: ChallengePurpose): Promise<string> {
  return createChallenge(db, userId, purpose)
}
