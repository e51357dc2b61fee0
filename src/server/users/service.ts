import { eq } from 'drizzle-orm'
import type { Role, User } from '#shared/user.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { hashPassword } from '../auth/passwords.ts'

export type UserRow = typeof users.$inferSelect

export type CreateUserInput = {
  email: string
  password: string
  firstName?: string | null
  lastName?: string | null
  role?: Role
  mustChangePassword?: boolean
  isActive?: boolean
  tempPassword?: string | null
  tempPasswordExpiresAt?: Date | null
}

/** E-mails are stored trimmed and lower-cased, so lookups and the unique index ignore case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Creates a user with a hashed password. Throws the driver's unique violation on a taken e-mail. */
export async function createUser(db: Db, input: CreateUserInput): Promise<UserRow> {
  const { password, email, ...rest } = input
  const [row] = await db
    .insert(users)
    .values({ ...rest, email: normalizeEmail(email), passwordHash: await hashPassword(password) })
    .returning()
  if (!row) throw new Error(`Inserting user ${email} returned no row`)
  return row
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
export function toPublicUser(row: UserRow): User {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
