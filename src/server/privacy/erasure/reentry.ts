import { desc, eq, or } from 'drizzle-orm'
import { erasedPersonMessage } from '#shared/erasure.ts'
import type { Db } from '../../db/open.ts'
import { erasures } from '../../db/privacy-schema.ts'
import { ConflictError } from '../../errors.ts'
import { emailHash, phoneHash, type ErasureKeys } from './identifiers.ts'

/**
 * When the person with this e-mail or phone asked to be erased, the latest such day; undefined
 * otherwise (security rule 52). Only hashes are compared: the record never held the values.
 */
export async function erasedOn(
  db: Db,
  keys: ErasureKeys,
  person: { email?: string | null; phone?: string | null },
): Promise<Date | undefined> {
  const byEmail = emailHash(keys, person.email)
  const byPhone = phoneHash(keys, person.phone)
  const conditions = [
    byEmail === null ? undefined : eq(erasures.emailHash, byEmail),
    byPhone === null ? undefined : eq(erasures.phoneHash, byPhone),
  ].filter((c) => c !== undefined)
  if (conditions.length === 0) return undefined
  const [row] = await db
    .select({ erasedAt: erasures.erasedAt })
    .from(erasures)
    .where(or(...conditions))
    .orderBy(desc(erasures.erasedAt))
    .limit(1)
  return row?.erasedAt
}

/**
 * The form's re-entry check (security rule 52): refused with 409 and the warning, on the
 * e-mail field, unless the person adding them confirmed they saw it.
 */
export async function assertNotErased(
  db: Db,
  keys: ErasureKeys,
  person: { email: string; phone?: string | null },
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return
  const when = await erasedOn(db, keys, person)
  if (when === undefined) return
  const message = erasedPersonMessage(when)
  throw new ConflictError(message, { email: [message] })
}
