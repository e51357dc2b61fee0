import { eq, sql } from 'drizzle-orm'
import {
  DEFAULT_PRIVACY_REQUEST_SETTINGS,
  privacyRequestSettingsSchema,
  type PrivacyRequestSettings,
} from '#shared/privacy-requests.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { appSettings } from '../../db/privacy-request-schema.ts'

/** The app_settings key of the privacy requests' templates and switches. */
const KEY = 'privacy-requests'

/**
 * The templates and switches (Settings → Privacy): the stored value when it still passes the
 * schema, field by field over the defaults, so a value written by an older version never breaks a send.
 */
export async function getRequestSettings(db: Db): Promise<PrivacyRequestSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY))
  if (!row) return DEFAULT_PRIVACY_REQUEST_SETTINGS
  const stored = typeof row.value === 'object' && row.value !== null ? row.value : {}
  const parsed = privacyRequestSettingsSchema.safeParse({
    ...DEFAULT_PRIVACY_REQUEST_SETTINGS,
    ...stored,
  })
  return parsed.success ? parsed.data : DEFAULT_PRIVACY_REQUEST_SETTINGS
}

/** PUT /api/privacy/request-settings (admins). */
export async function saveRequestSettings(
  db: Db,
  input: PrivacyRequestSettings,
  actor: Actor,
): Promise<PrivacyRequestSettings> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: input, updatedById: actor.id })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: input, updatedById: actor.id, updatedAt: sql`now()` },
    })
  return getRequestSettings(db)
}
