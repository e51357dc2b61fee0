import { eq } from 'drizzle-orm'
import type { User } from '#shared/user.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import type { PublicUserRow, UserRow } from '../db/rows.ts'

/*
 * A user account as sign-in reads it: found by e-mail or id, shown as the API's user. Managing
 * users (users/) builds on these; auth never imports users/.
 */

/** E-mails are stored trimmed and lower-cased, so lookups and the unique index ignore case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
  return row
}

export async function getUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}

/** The API shape of a user (spec section 3): no passwordHash, dates as ISO strings. */
export function toPublicUser(row: PublicUserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    mfaEnabled: row.mfaEnabled,
    mfaEnrolled: row.mfaSecretEnc !== null,
    isDefaultAdmin: row.isDefaultAdmin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
