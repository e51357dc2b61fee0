import { and, eq, gt, inArray } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { loginThrottle } from '../db/schema.ts'

/** When each of these accounts' sign-in lock ends, for those locked now (the Users list). */
export async function accountLocks(
  db: Db,
  emails: readonly string[],
  now = new Date(),
): Promise<Map<string, Date>> {
  if (emails.length === 0) return new Map()
  const rows = await db
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(
      and(
        inArray(
          loginThrottle.key,
          emails.map((email) => `account:${email}`),
        ),
        gt(loginThrottle.lockedUntil, now),
      ),
    )
  return new Map(
    rows.flatMap((row) =>
      row.lockedUntil ? [[row.key.slice('account:'.length), row.lockedUntil] as const] : [],
    ),
  )
}

/** Security rule 6 e: an admin unlocks an account — its failures are forgotten. True if it was locked. */
export async function unlockAccount(db: Db, email: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .delete(loginThrottle)
    .where(eq(loginThrottle.key, `account:${email}`))
    .returning({ lockedUntil: loginThrottle.lockedUntil })
  return rows.some((row) => row.lockedUntil !== null && row.lockedUntil > now)
}
