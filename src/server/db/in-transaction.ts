import { AppError, isUniqueViolation } from '../errors.ts'
import type { Db } from './open.ts'

/**
 * Runs a write in one transaction. A unique index is the last word on duplicates: when two
 * requests race past the friendly check, the loser's unique violation becomes `onDuplicate()` —
 * the same 409 the check gives — never a 500. Errors the write threw on purpose pass through.
 */
export async function inTransaction<T>(
  db: Db,
  run: (tx: Db) => Promise<T>,
  onDuplicate: () => AppError,
): Promise<T> {
  try {
    return await db.transaction(run)
  } catch (error) {
    if (isUniqueViolation(error) && !(error instanceof AppError)) throw onDuplicate()
    throw error
  }
}
