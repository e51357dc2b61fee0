import type { ActivityRecord } from '../audit/record.ts'
import { changedFields } from '../activity/changes.ts'
import type { users } from '../db/schema.ts'

type UserFields = Omit<typeof users.$inferSelect, 'passwordHash'>

/** What user.updated compares: never passwords, hashes or temporary passwords. */
const TRACKED_USER_FIELDS = [
  'firstName',
  'lastName',
  'role',
  'isActive',
  'mustChangePassword',
  'mfaEnabled',
] as const satisfies readonly (keyof UserFields)[]

/** The details of user.invited and user.deleted: who it was, none of their secrets. */
export function userDetails(row: Pick<UserFields, 'email' | 'firstName' | 'lastName' | 'role'>) {
  return { email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role }
}

/**
 * The user.updated entry for an admin's edit: the fields that changed and whether a temporary
 * password was issued (never the password itself); undefined when the save changed nothing.
 */
export function userUpdatedEntry(
  actorId: number,
  before: UserFields,
  after: UserFields,
  passwordReset: boolean,
): ActivityRecord | undefined {
  const changes = changedFields(before, after, TRACKED_USER_FIELDS)
  if (changes.length === 0 && !passwordReset) return undefined
  return {
    userId: actorId,
    action: 'user.updated',
    entityType: 'user',
    entityId: after.id,
    details: { email: after.email, changes, ...(passwordReset ? { passwordReset: true } : {}) },
  }
}
