import { eq } from 'drizzle-orm'
import type { Preferences } from '#shared/preferences.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { UnauthorizedError } from '../errors.ts'

const columns = {
  emailNotifications: users.emailNotifications,
  newTalentAlerts: users.newTalentAlerts,
}

/** GET /api/me/preferences: the viewer's saved switches (the columns default to on). */
export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1)
  // The access hook has just read this user; gone now means deleted mid-request.
  if (!row) throw new UnauthorizedError()
  return row
}

/** PUT /api/me/preferences: replaces both switches of the viewer, and only the viewer's. */
export async function savePreferences(
  db: Db,
  userId: number,
  input: Preferences,
): Promise<Preferences> {
  const [row] = await db
    .update(users)
    .set({ emailNotifications: input.emailNotifications, newTalentAlerts: input.newTalentAlerts })
    .where(eq(users.id, userId))
    .returning(columns)
  if (!row) throw new UnauthorizedError()
  return row
}
