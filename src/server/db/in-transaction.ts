import { setTimeout as sleep } from 'node:timers/promises'
import { PgTransaction } from 'drizzle-orm/pg-core'
import {
  AppError,
  ConflictError,
  DUPLICATE_MESSAGE,
  isUniqueViolation,
  isWriteCollision,
  WRITE_COLLISION_MESSAGE,
} from '../errors.ts'
import type { Db } from './open.ts'

export type TransactionOptions = {
  /**
   * The 409 a unique violation becomes: the one the write's friendly check gives ("This e-mail
   * is already used…"), so a request that raced past the check reads the same answer.
   * Default: 409 "This record already exists.", the error handler's.
   */
  onDuplicate?: () => AppError
  /** How many times a write the database cancelled as a collision is tried in all (default 3). */
  attempts?: number
}

const DEFAULT_ATTEMPTS = 3

/** A short wait, longer each time and never the same for two colliding writes. */
function pauseBefore(attempt: number): Promise<void> {
  return sleep(20 * attempt + Math.floor(Math.random() * 20))
}

/**
 * The house's transaction: runs a write in one transaction and turns what the database refuses
 * into the house's answers, never a 500 and never half a write.
 *
 * - A unique index is the last word on duplicates: when two requests race past the friendly
 *   check, the loser's unique violation (23505) becomes `onDuplicate()`, a 409.
 * - A deadlock (40P01) or serialization failure (40001) cancelled the whole transaction, so
 *   nothing was written: it runs again, up to `attempts` times in all, then answers 409 "Someone
 *   else changed this at the same moment…". Inside an outer transaction (`db` is one) it is not
 *   run again: the outer one still holds its locks, so the collision is the outer one's to answer.
 *
 * `run` may therefore run more than once: it must do nothing outside the transaction (no e-mail,
 * no change to variables of its caller) and return what the caller needs.
 * Errors the write threw on purpose (AppError) pass through.
 */
export async function inTransaction<T>(
  db: Db,
  run: (tx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = db instanceof PgTransaction ? 1 : (options.attempts ?? DEFAULT_ATTEMPTS)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(run)
    } catch (error) {
      if (error instanceof AppError) throw error
      if (isUniqueViolation(error)) {
        throw options.onDuplicate?.() ?? new ConflictError(DUPLICATE_MESSAGE)
      }
      if (!isWriteCollision(error)) throw error
      if (attempt >= attempts) throw new ConflictError(WRITE_COLLISION_MESSAGE)
      await pauseBefore(attempt)
    }
  }
}
