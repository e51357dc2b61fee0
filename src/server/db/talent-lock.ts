import { eq } from 'drizzle-orm'
import type { Db } from './open.ts'
import { talents } from './schema.ts'
import { NotFoundError } from '../errors.ts'

export const TALENT_NOT_FOUND = 'Talent not found'

/**
 * The talent's row, locked until the transaction ends, so a concurrent edit, delete or CV change
 * waits for this one: what the write checks (owner, version) and names in History. 404 when gone.
 */
export async function lockTalent(tx: Db, id: number) {
  const [talent] = await tx
    .select({
      id: talents.id,
      addedById: talents.addedById,
      fullName: talents.fullName,
      email: talents.email,
      updatedAt: talents.updatedAt,
    })
    .from(talents)
    .where(eq(talents.id, id))
    .for('update')
  if (!talent) throw new NotFoundError(TALENT_NOT_FOUND)
  return talent
}
