import { z } from 'zod'

export const ROLES = ['admin', 'user'] as const
export type Role = (typeof ROLES)[number]

/** What the API returns for a user (spec section 3). Never carries passwordHash (security rule 16). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  /** spec 'MFA Enabled': an admin requires two-factor sign-in for this user. */
  mfaEnabled: z.boolean(),
  /** The user has set up two-factor sign-in (the 'MFA Enabled' badge shows only then). */
  mfaEnrolled: z.boolean(),
  /**
   * "The default admin account" of spec section 6: marked on the server, so a
   * custom ADMIN_EMAIL holds, and no browser compares addresses.
   */
  isDefaultAdmin: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type User = z.infer<typeof userSchema>

/** What admins see for a user: the public shape plus the pending temporary password (spec section 3). */
export const adminUserSchema = userSchema.extend({
  tempPassword: z.string().nullable(),
  /** Security rule 6 e: when the account's sign-in lock ends, while strangers' failures hold it. */
  lockedUntil: z.iso.datetime({ offset: true }).nullable(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

const NAME_MAX_LENGTH = 100

// spec section 5 "Invite form": messages verbatim.
export const inviteUserSchema = z.strictObject({
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .max(254, 'Valid email is required')
    .pipe(z.email('Valid email is required')),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(NAME_MAX_LENGTH),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(NAME_MAX_LENGTH),
  role: z.enum(ROLES, { error: 'Please select a role' }).default('user'),
})
export type InviteUserInput = z.input<typeof inviteUserSchema>
export type InviteUser = z.output<typeof inviteUserSchema>

const optionalName = z.string().trim().max(NAME_MAX_LENGTH).nullable().optional()

// spec section 5 "Edit user".
export const updateUserSchema = z.strictObject({
  firstName: optionalName,
  lastName: optionalName,
  role: z.enum(ROLES, { error: 'Please select a role' }),
  isActive: z.boolean().default(true),
  mustChangePassword: z.boolean().default(false),
  mfaEnabled: z.boolean().default(false),
  /** Needed only when an admin stops requiring two-factor for themself. */
  mfaCode: z.string().max(64).optional(),
})
export type UpdateUserInput = z.input<typeof updateUserSchema>
export type UpdateUser = z.output<typeof updateUserSchema>

/** POST /api/invite's answer: tempPassword and devModeMessage only when no e-mail was sent. */
export const inviteResponseSchema = z.object({
  user: adminUserSchema,
  message: z.string(),
  tempPassword: z.string().optional(),
  devModeMessage: z.string().optional(),
})
export type InviteResponse = z.infer<typeof inviteResponseSchema>

/** One choice of the dashboard's Added By filter (spec section 7): public fields only. */
export const userFilterItemSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
})
export type UserFilterItem = z.infer<typeof userFilterItemSchema>

// ids are Postgres integers: a larger number is simply not found, never a driver error.
export const userIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

/** The message of DELETE /api/users/:id (spec section 8). */
export const userDeletedMessage = 'The user has been deleted successfully.'
export const ACCOUNT_UNLOCKED_MESSAGE = 'Account unlocked'
