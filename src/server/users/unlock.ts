import { eq } from 'drizzle-orm'
import { recordActivity } from '../audit/record.ts'
import { unlockAccount } from '../auth/account-locks.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { NotFoundError } from '../errors.ts'
import type { UserRow } from '../db/rows.ts'
import { USER_NOT_FOUND } from './service.ts'
import { inTransaction } from '../db/in-transaction.ts'

/**
 * POST /api/users/:id/unlock (security rule 6 e): an admin lets a colleague whom strangers' wrong
 * passwords have locked out sign in again at once. The unlock is in the activity log when there
 * was a lock to lift; unlocking an account that is not locked changes nothing.
 */
export async function unlockUser(db: Db, id: number, admin: UserRow): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [target] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id))
    if (!target) throw new NotFoundError(USER_NOT_FOUND)
    const wasLocked = await unlockAccount(tx, target.email)
    if (wasLocked) {
      await recordActivity(tx, {
        userId: admin.id,
        action: 'user.unlocked',
        entityType: 'user',
        entityId: id,
      })
    }
    return wasLocked
  })
}
