import { z } from 'zod'
import { loginResponseSchema } from './auth.ts'
import { adminUserSchema, userSchema } from './user.ts'

/**
 * Two-factor sign-in: TOTP codes (6 digits, 30-second steps) and one-time recovery
 * codes. The same schemas check the browser's forms and the server's bodies, so each message
 * exists once.
 */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
export const RECOVERY_CODE_COUNT = 10

export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your authenticator app'
export const LOGIN_CODE_FORMAT_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or one of your recovery codes'
export const MFA_TOKEN_MESSAGE = 'This sign-in step has expired. Please sign in again.'

/** A recovery code as shown: ten letters or digits 2-7, in two groups of five ("abcde-fghij"). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/

/** Spaces are ignored and letters are read in either case, as people copy them. */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase()
}

/** A current code from the authenticator app: exactly 6 digits (spaces ignored). */
export const totpCodeSchema = z
  .string({ error: CODE_FORMAT_MESSAGE })
  .max(64, CODE_FORMAT_MESSAGE)
  .transform(normalizeCode)
  .pipe(z.string().regex(/^\d{6}$/, CODE_FORMAT_MESSAGE))

/** At sign-in: a code from the app, or a recovery code. */
export const loginCodeSchema = z
  .string({ error: LOGIN_CODE_FORMAT_MESSAGE })
  .max(64, LOGIN_CODE_FORMAT_MESSAGE)
  .transform(normalizeCode)
  .pipe(
    z
      .string()
      .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), LOGIN_CODE_FORMAT_MESSAGE),
  )

/** The short-lived, single-use token between a right password and the second factor. */
export const mfaTokenSchema = z
  .string({ error: MFA_TOKEN_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43}$/, MFA_TOKEN_MESSAGE)

// POST /api/auth/login: a session, or the second factor that is due first.
export const mfaRequiredResponseSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
})
export const mfaEnrollmentRequiredResponseSchema = z.object({
  mfaEnrollmentRequired: z.literal(true),
  mfaToken: z.string(),
})
export const loginStepResponseSchema = z.union([
  loginResponseSchema,
  mfaRequiredResponseSchema,
  mfaEnrollmentRequiredResponseSchema,
])
export type LoginStepResponse = z.infer<typeof loginStepResponseSchema>

// POST /api/auth/login/mfa
export const loginMfaRequestSchema = z.strictObject({
  mfaToken: mfaTokenSchema,
  code: loginCodeSchema,
})

// POST /api/auth/login/mfa/setup and /enable: enrolment at sign-in, when an admin requires it.
export const loginMfaSetupRequestSchema = z.strictObject({ mfaToken: mfaTokenSchema })
export const loginMfaEnableRequestSchema = z.strictObject({
  mfaToken: mfaTokenSchema,
  code: totpCodeSchema,
})
export const loginMfaEnableResponseSchema = loginResponseSchema.extend({
  recoveryCodes: z.array(z.string()),
})
export type LoginMfaEnableResponse = z.infer<typeof loginMfaEnableResponseSchema>

// POST /api/auth/mfa/setup: the password first (security rule 46) — a session alone never binds a
// new authenticator.
export const mfaSetupRequestSchema = z.strictObject({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128),
})

/** The Settings form that starts the setup. */
export const mfaSetupFormSchema = z.object({
  password: z.string().min(1, 'Enter your password'),
})
export type MfaSetupForm = z.infer<typeof mfaSetupFormSchema>

export const mfaSetupResponseSchema = z.object({ otpauthUrl: z.string(), secret: z.string() })
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>

// POST /api/auth/mfa/enable
export const mfaEnableRequestSchema = z.strictObject({ code: totpCodeSchema })
export const mfaEnableResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
  user: userSchema,
})
export type MfaEnableResponse = z.infer<typeof mfaEnableResponseSchema>

// POST /api/auth/mfa/disable
export const mfaDisableRequestSchema = z.strictObject({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128),
  code: totpCodeSchema,
})

/** The Settings form for turning two-factor off. */
export const mfaDisableFormSchema = z.object({
  password: z.string().min(1, 'Enter your password'),
  code: z.string().refine((v) => /^\d{6}$/.test(normalizeCode(v)), CODE_FORMAT_MESSAGE),
})
export type MfaDisableForm = z.infer<typeof mfaDisableFormSchema>

/** The code forms (enrolment and sign-in) in the browser: the same rules, the typed text kept. */
export const totpCodeFormSchema = z.object({
  code: z.string().refine((v) => /^\d{6}$/.test(normalizeCode(v)), CODE_FORMAT_MESSAGE),
})
export type TotpCodeForm = z.infer<typeof totpCodeFormSchema>
export const loginCodeFormSchema = z.object({
  code: z.string().refine((v) => loginCodeSchema.safeParse(v).success, LOGIN_CODE_FORMAT_MESSAGE),
})
export type LoginCodeForm = z.infer<typeof loginCodeFormSchema>

// POST /api/users/:id/reset-password: a new temporary password, shown once (and e-mailed).
export const resetPasswordResponseSchema = z.object({
  user: adminUserSchema,
  message: z.string(),
  tempPassword: z.string().optional(),
})
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>

// GET /api/auth/sessions
export const sessionInfoSchema = z.object({
  id: z.number().int(),
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  signedInAt: z.iso.datetime({ offset: true }),
  lastActiveAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof sessionInfoSchema>

export const sessionIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})
export const endSessionsQuerySchema = z.strictObject({
  others: z.literal('1', { error: 'Say which sessions to end: ?others=1 ends all but this one' }),
})
