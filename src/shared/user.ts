import { z } from 'zod'

export const ROLES = ['admin', 'user'] as const
export type Role = (typeof ROLES)[number]

/** What the API returns for a user (spec section 3). Never carries passwordHash (SECURITY.md 16). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  mfaEnabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type User = z.infer<typeof userSchema>
