import { sql, type Column, type SQL } from 'drizzle-orm'
import type { Actor } from '../db/rows.ts'

/**
 * The one home of the rule "an admin, or the user who added it" (README, Permissions): who may
 * delete or erase a talent, remove its CV, export its personal data (security rules 50 and 53),
 * and undo or work on an import or a bulk action. A row names its person as `addedById` (a
 * talent) or `createdById` (an import, a bulk action); null (the person was deleted) is no one's,
 * so only an admin may change it.
 */
export type Owned = { addedById: number | null } | { createdById: number | null }

function ownerOf(row: Owned): number | null {
  return 'addedById' in row ? row.addedById : row.createdById
}

/** True when the actor may change the row: an admin, or the user who added it. */
export function canChange(actor: Actor, row: Owned): boolean {
  return actor.role === 'admin' || ownerOf(row) === actor.id
}

/**
 * The same rule as an SQL condition on the column naming the row's person, for paths that pick
 * the rows in SQL: undefined for an admin (drizzle's `and()` drops it, so every row passes),
 * otherwise "that column is the actor". A row with no owner (null) passes for admins only.
 */
export function changeableBy(actor: Actor, ownerColumn: Column | SQL): SQL | undefined {
  return actor.role === 'admin' ? undefined : sql`${ownerColumn} = ${actor.id}`
}
