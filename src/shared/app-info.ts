import { z } from 'zod'

/**
 * GET /api/app-info: facts about this installation the client's rules need. spec section 6:
 * 'Edit Profile' shows when the talent's adder is "the default admin account" — the first admin,
 * ADMIN_EMAIL on the server, which an installation may change.
 */
export const appInfoSchema = z.object({ defaultAdminEmail: z.string() })
export type AppInfo = z.infer<typeof appInfoSchema>
