import { isSupportedCountry } from 'libphonenumber-js'
import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from '#shared/auth.ts'
import { PASSWORD_MIN_LENGTH_FLOOR } from './passwords/password-policy.ts'
import { CONFIG_DOCS } from './config-docs.ts'

/**
 * The environment Scout reads, variable by variable: each one's type, range and default, and the
 * words a bad value is refused with. What the settings become is config.ts's.
 */

/** CV_MAX_VERSIONS unset (security rule 48); also what callers without a config (tests) keep. */
export const CV_MAX_VERSIONS_DEFAULT = 10

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const int = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be an integer ${min}-${max}` })
    .int(`must be an integer ${min}-${max}`)
    .min(min, `must be an integer ${min}-${max}`)
    .max(max, `must be an integer ${min}-${max}`)

const envSchema = z.object({
  PORT: int(1, 65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_MAX: int(1, 1000).default(10),
  TALENT_PAGE_CACHE: int(0, 100_000).default(500),
  COUNT_EXACT_UP_TO: int(0, 100_000_000).default(10_000),
  STATEMENT_TIMEOUT_MS: int(100, 600_000).default(5_000),
  CV_MAX_MB: int(1, 100).default(10),
  CV_MAX_VERSIONS: int(1, 1000).default(CV_MAX_VERSIONS_DEFAULT),
  DEFAULT_PHONE_REGION: z
    .string()
    .transform((value, ctx) => {
      const code = value.toUpperCase()
      if (isSupportedCountry(code)) return code
      ctx.addIssue({ code: 'custom', message: 'must be a country code such as US, GB or DE' })
      return z.NEVER
    })
    .optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@talentpool.local'),
  ADMIN_PASSWORD: z.string().optional(),
  PASSWORD_MIN_LENGTH: int(PASSWORD_MIN_LENGTH_FLOOR, PASSWORD_MAX_LENGTH).default(8),
  SESSION_IDLE_MINUTES: int(1, 7 * 24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: int(1, 24 * 30).default(12),
  TEMP_PASSWORD_DAYS: int(1, 90).default(7),
  SMTP_URL: z
    .string()
    .refine(
      (value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol),
      'must be a URL starting with smtp:// or smtps://',
    )
    .optional(),
  SMTP_INSECURE: z.enum(['true', 'false'], 'must be true or false').default('false'),
  // "Name <address>" or a bare address; nodemailer parses either.
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      'must be an address, optionally with a name: Scout <no-reply@example.com>',
    )
    .default('Scout <no-reply@localhost>'),
  PUBLIC_URL: z
    .string()
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'must be a URL starting with http:// or https://',
    )
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
  TRUST_PROXY: z.string().default('false'),
  CORS_ORIGINS: z.string().optional(),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  SECRET_KEY: z.string().optional(),
  TEST_CLOCK_FILE: z.string().min(1).optional(),
})

export type Environment = z.infer<typeof envSchema>

/**
 * The environment's variables, validated. A bad value throws an Error whose message names the
 * variable: "Invalid PORT: must be an integer 1-65535".
 */
export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  // An empty value (PORT=) means "not set", as in most .env tooling.
  const input = Object.fromEntries(
    CONFIG_DOCS.map(({ name }) => [name, env[name] === '' ? undefined : env[name]]),
  )
  const parsed = envSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid ${String(issue?.path[0] ?? 'configuration')}: ${issue?.message}`)
  }
  return parsed.data
}
