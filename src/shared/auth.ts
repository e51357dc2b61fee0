import { z } from 'zod'
import { userSchema } from './user.ts'

/** Longest password the server hashes (security rule 2); the policy minimum is server config. */
export const PASSWORD_MAX_LENGTH = 128

/** Name of the HttpOnly cookie that carries the same token as the Bearer header (security rule 10). */
export const SESSION_COOKIE = 'scout_session'

/**
 * The token the client stores as `authToken` (spec section 3): base64 of JSON `{ sid, exp }`,
 * exp in milliseconds. Strict: a token naming anything else is refused (security rule 7).
 */
export const authTokenPayloadSchema = z.strictObject({
  sid: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  exp: z.number().int().positive(),
})
export type AuthTokenPayload = z.infer<typeof authTokenPayloadSchema>

/** Decodes a stored token; undefined when it is not base64 JSON of the expected shape. */
export function decodeAuthToken(token: string): AuthTokenPayload | undefined {
  try {
    const parsed = authTokenPayloadSchema.safeParse(JSON.parse(atob(token)))
    return parsed.success ? parsed.data : undefined
  } catch {
    // Not base64 or not JSON: an unreadable token (spec section 4), the caller treats it as absent.
    return undefined
  }
}

export function encodeAuthToken(payload: AuthTokenPayload): string {
  return btoa(JSON.stringify(payload))
}

// POST /api/auth/login (spec section 7). Emptiness is checked by the form with a toast (spec 5).
export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'Required').max(254),
  password: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema })
export type LoginResponse = z.infer<typeof loginResponseSchema>

/** Security rule 2: the server policy's own message, so the UI shows one wording for it. */
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
const newPasswordSchema = z
  .string()
  .min(1, 'Required')
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)

// POST /api/auth/change-password: the forced screen sends {newPassword}; Settings adds currentPassword.
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: newPasswordSchema,
})
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>

// POST /api/auth/first-time-password-change
export const firstTimePasswordRequestSchema = z.strictObject({
  newPassword: newPasswordSchema,
})

export const messageResponseSchema = z.object({ message: z.string() })

// --- Forms (spec section 5). The confirmation is never sent. ---

/** Change Password screen: 8 characters, matching confirmation. */
export const changePasswordFormSchema = z
  .object({
    newPassword: z.string().min(8, 'Password must be at least 8 characters'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>

/** Set Your Password (first time): both fields 6 characters, matching. */
export const firstTimePasswordFormSchema = z
  .object({
    newPassword: z.string().min(6, 'Password must be at least 6 characters long'),
    confirmPassword: z.string().min(6, 'Password must be at least 6 characters long'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
export type FirstTimePasswordForm = z.infer<typeof firstTimePasswordFormSchema>

/** Settings Change Password dialog: new and confirm match, 6 characters. */
export const settingsPasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Required'),
    newPassword: z.string().min(6, 'Password must be at least 6 characters long'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  })
export type SettingsPasswordForm = z.infer<typeof settingsPasswordFormSchema>
