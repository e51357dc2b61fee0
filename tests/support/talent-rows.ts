import type { Area, SeniorityLevel, TalentStatus } from '#shared/talent.ts'
import type { Role } from '#shared/user.ts'
import type { Db } from '#server/db/open.ts'
import { talents, users } from '#server/db/schema.ts'

/** Test-only helpers: rows straight into the database, bypassing the services under test. */

export async function insertUser(
  db: Db,
  email: string,
  role: Role = 'user',
  names: { firstName?: string; lastName?: string } = {},
): Promise<{ id: number; role: Role; email: string }> {
  const [row] = await db
    .insert(users)
    .values({ email, role, passwordHash: 'not-a-real-hash', ...names })
    .returning({ id: users.id, role: users.role, email: users.email })
  if (!row) throw new Error(`user ${email} not inserted`)
  return row
}

export type TalentSeed = {
  fullName: string
  email: string
  areaOfInterest?: Area
  seniorityLevel?: SeniorityLevel
  tags?: string[]
  status?: TalentStatus[]
  addedById?: number | null
  createdAt?: Date
}

export async function insertTalent(db: Db, seed: TalentSeed): Promise<number> {
  const [row] = await db
    .insert(talents)
    .values({
      areaOfInterest: 'Science',
      seniorityLevel: 'mid',
      ...seed,
      ...(seed.createdAt ? { updatedAt: seed.createdAt } : {}),
    })
    .returning({ id: talents.id })
  if (!row) throw new Error(`talent ${seed.email} not inserted`)
  return row.id
}

export const daysAgo = (days: number, base = Date.now()) => new Date(base - days * 24 * 3600 * 1000)
