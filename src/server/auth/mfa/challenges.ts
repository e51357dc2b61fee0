import { randomBytes } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { MFA_TOKEN_MESSAGE } from '#shared/mfa.ts'
import type { Db } from '../../db/open.ts'
import { mfaChallenges } from '../../db/mfa-schema.ts'
import { users } from '../../db/schema.ts'
import type { UserRow } from '../../db/rows.ts'
import { UnauthorizedError } from '../../errors.ts'
import { sha256Of } from '../../secrets/sha256.ts'

/** How long the step between a right password and the second factor lasts. */
export const CHALLENGE_MINUTES = 5
/** Wrong codes one challenge takes before it is spent (the account's throttle counts them too). */
export const CHALLENGE_MAX_FAILURES = 5

export type ChallengePurpose = 'verify' | 'enroll'
export type Challenge = { id: number; purpose: ChallengePurpose; user: UserRow }

/** A new mfaToken for the user: 32 random bytes; only its SHA-256 is stored. */
export async function createChallenge(
  db: Db,
  userId: number,
  purpose: ChallengePurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(mfaChallenges).values({
    userId,
    purpose,
    tokenHash: sha256Of(token),
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  })
  return token
}

/**
 * The live challenge an mfaToken names, with its user re-read now. Unknown, spent and expired
 * tokens, another step's token, and a user deactivated since the password all answer 401.
 */
export async function openChallenge(
  db: Db,
  token: string,
  purpose: ChallengePurpose,
): Promise<Challenge> {
  const [row] = await db
    .select({ id: mfaChallenges.id, purpose: mfaChallenges.purpose, user: users })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(
      and(eq(mfaChallenges.tokenHash, sha256Of(token)), gt(mfaChallenges.expiresAt, new Date())),
    )
  if (row?.purpose !== purpose) throw new UnauthorizedError(MFA_TOKEN_MESSAGE)
  if (!row.user.isActive) {
    await deleteChallenge(db, row.id)
    throw new UnauthorizedError(MFA_TOKEN_MESSAGE)
  }
  return row
}

/**
 * Spends the challenge: one DELETE, so of two requests with the same token only one gets a
 * session (single use). Throws 401 for the one that lost.
 */
export async function consumeChallenge(db: Db, id: number): Promise<void> {
  const rows = await db
    .delete(mfaChallenges)
    .where(eq(mfaChallenges.id, id))
    .returning({ id: mfaChallenges.id })
  if (rows.length === 0) throw new UnauthorizedError(MFA_TOKEN_MESSAGE)
}

export async function deleteChallenge(db: Db, id: number): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.id, id))
}

/** A wrong code: counted on the challenge, which is spent at CHALLENGE_MAX_FAILURES. */
export async function noteChallengeFailure(db: Db, id: number): Promise<void> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ failures: sql`${mfaChallenges.failures} + 1` })
    .where(eq(mfaChallenges.id, id))
    .returning({ failures: mfaChallenges.failures })
  if (row && row.failures >= CHALLENGE_MAX_FAILURES) await deleteChallenge(db, id)
}

export async function deleteUserChallenges(db: Db, userId: number): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId))
}
