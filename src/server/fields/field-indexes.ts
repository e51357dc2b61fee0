import { sql } from 'drizzle-orm'
import type { FieldType } from '#shared/fields.ts'
import type { Db } from '../db/open.ts'
import { fieldSortExpression, isSortableType } from '../search/custom-field-sql.ts'

/*
 * docs/decisions/028: each number or date field has btree expression indexes for its range
 * filters and sorts, made with the field and dropped with it, in the same transaction. One per
 * direction, because talents without a value come last in both (an index serves `nulls last`
 * only in the order it was built: search/custom-field-sql.ts, talents/where.ts fieldSortSpec).
 */

const DIRECTIONS = ['asc', 'desc'] as const

/** `talents_cf_<key>_asc`: keys are at most 40 characters (shared/fields.ts), names at most 63. */
export const fieldIndexName = (key: string, direction: 'asc' | 'desc') =>
  `talents_cf_${key}_${direction}`

/**
 * Makes the indexes a field of `type` needs (none for other types). Any left under the key first
 * go: a number index over a key that now holds text would refuse every write of it.
 */
export async function createFieldIndexes(tx: Db, key: string, type: FieldType): Promise<void> {
  await dropFieldIndexes(tx, key)
  if (!isSortableType(type)) return
  const value = fieldSortExpression(key, type)
  for (const direction of DIRECTIONS) {
    const name = sql.identifier(fieldIndexName(key, direction))
    const dir = direction === 'asc' ? sql`asc` : sql`desc`
    await tx.execute(
      sql`create index if not exists ${name} on talents (${value} ${dir} nulls last, id ${dir})`,
    )
  }
}

/** Drops a field's indexes, if it has any. */
export async function dropFieldIndexes(tx: Db, key: string): Promise<void> {
  for (const direction of DIRECTIONS) {
    await tx.execute(sql`drop index if exists ${sql.identifier(fieldIndexName(key, direction))}`)
  }
}
