import type { users } from './schema.ts'

/**
 * Row types next to the schema they come from, so any layer can name a row without importing the
 * service that writes it (auth reads users; users signs their sessions out).
 */
export type UserRow = typeof users.$inferSelect
/** A user row as anything but sign-in may see it: no password hash. */
export type PublicUserRow = Omit<UserRow, 'passwordHash'>
/** Who a write is done for: the signed-in user, as the services need them (whose, and may they). */
export type Actor = Pick<UserRow, 'id' | 'role'>
