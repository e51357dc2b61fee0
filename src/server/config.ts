import ipaddr from 'ipaddr.js'
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js'
import path from 'node:path'
import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from '#shared/auth.ts'
import { PASSWORD_MIN_LENGTH_FLOOR, passwordProblems } from './passwords/password-policy.ts'
import { parseSecretKey, type SecretKey } from './secrets/secret-box.ts'
import { CONFIG_DOCS } from './config-docs.ts'

/** CV_MAX_VERSIONS unset (security rule 48); also what callers without a config (tests) keep. */
export const CV_MAX_VERSIONS_DEFAULT = 10

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** Security rule 6. Fixed numbers, not env; fields so tests can shorten them. */
export type ThrottleConfig = {
  /** Security rule 6 c, against spraying: an address's failures in its window before it slows. */
  ipMaxFailures: number
  /** Security rule 6 c: accounts failed from one address in its window before it slows. */
  ipMaxAccounts: number
  ipWindowSeconds: number
  /** The longest an address past its limits waits after a failure (it slows, never locks long). */
  ipMaxDelaySeconds: number
  accountFreeFailures: number
  accountMaxDelaySeconds: number
  accountHourlyMaxFailures: number
  /** Security rule 30: wrong current passwords a signed-in session may give in its window. */
  sessionMaxFailures: number
  sessionWindowSeconds: number
  /** Security rule 6 d: failures a device cookie may have before it is refused. */
  deviceMaxFailures: number
}

export const DEFAULT_THROTTLE: ThrottleConfig = {
  ipMaxFailures: 100,
  ipMaxAccounts: 30,
  ipWindowSeconds: 3600,
  ipMaxDelaySeconds: 60,
  accountFreeFailures: 5,
  accountMaxDelaySeconds: 900,
  accountHourlyMaxFailures: 100,
  sessionMaxFailures: 5,
  sessionWindowSeconds: 900,
  deviceMaxFailures: 5,
}

/**
 * Security rule 32, 44: a client trickling headers or a body is cut off; a request being worked on
 * is never cut off, and gets an answer. Uploads (CVs, up to CV_MAX_MB) fit in the request limit at
 * ~100 KB/s. Fixed numbers; fields so tests can shorten them.
 */
export type TimeoutConfig = {
  /** All request headers must arrive within this (a fresh connection that sends nothing too). */
  headersMs: number
  /** The whole request, body included, must arrive within this. */
  requestMs: number
  /**
   * Security rule 44: a connection with no request in flight is closed after this much silence
   * (keep-alive), and so is one whose answer the client stops reading. It never counts while a
   * request is being worked on.
   */
  idleMs: number
  /**
   * Security rule 44: a request still unanswered this long after it arrived is answered 503 with a
   * message. Longer than requestMs, so a slow upload that arrived in time still has room for its
   * work.
   */
  answerMs: number
  /** How often Node checks the header and request limits (its default, 30 s, would let a trickle last). */
  checkEveryMs: number
}

export const DEFAULT_TIMEOUTS: TimeoutConfig = {
  headersMs: 10_000,
  requestMs: 120_000,
  idleMs: 30_000,
  answerMs: 150_000,
  checkEveryMs: 1_000,
}

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  databasePoolMax: number
  talentPageCache: number
  /** List totals up to this many are exact; past it one may be an estimate. */
  countExactUpTo: number
  /**
   * Security rule 43: the longest a request's statement may run (ms). PostgreSQL enforces it on the
   * pool's connections; on the embedded engine, where timers cannot interrupt a statement, a
   * search past it answers 503 while the statement finishes (search/search-gate.ts).
   */
  statementTimeoutMs: number
  /** Largest CV upload, in megabytes (security rule 22). */
  cvMaxMegabytes: number
  /** CV versions kept per talent; attaching one more removes the oldest (security rule 48). */
  cvMaxVersions: number
  /** The region of phone numbers written without +country; undefined: none is assumed. */
  defaultPhoneRegion: CountryCode | undefined
  adminEmail: string
  adminPassword: string | undefined
  passwordMinLength: number
  sessionIdleMinutes: number
  sessionAbsoluteHours: number
  tempPasswordDays: number
  /** Unset: invitations are not e-mailed; the API hands the temporary password to the admin. */
  smtpUrl: string | undefined
  /** Security rule 37: mail may travel unencrypted only when an operator said so. */
  smtpInsecure: boolean
  mailFrom: string
  /** Without a trailing slash. */
  publicUrl: string
  logLevel: (typeof LOG_LEVELS)[number]
  trustProxy: false | string[]
  corsOrigins: string[]
  clientDir: string
  throttle: ThrottleConfig
  timeouts: TimeoutConfig
  /** Security rule 33: how often expired rows are swept (housekeeping/); 0 turns it off. */
  housekeepingIntervalMs: number
  /** How long POST /api/imports/:id/dry-run waits for its check before answering 202 (ms). */
  dryRunWaitMs: number
  /**
   * SECRET_KEY (security rule 34). Unset: the embedded database uses DATA_DIR/secret.key; start-up
   * (secrets/startup-key.ts) puts the key it resolved here.
   */
  secretKey: SecretKey | undefined
  /**
   * Retention rules (security rule 56-58): how often the server looks whether today's run is
   * queued (ms; 0 turns it off), and the file of a test clock (privacy/retention/clock.ts).
   */
  retentionCheckMs: number
  retentionTestClockFile: string | undefined
  /** Tests: retention's "now" instead of the system clock or the file. */
  retentionClock?: () => Date
}

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

/**
 * Reads and validates the environment once (the only reader of process.env). A bad
 * value throws an Error whose message names the variable: "Invalid PORT: must be an integer 1-65535".
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (PORT=) means "not set", as in most .env tooling.
  const input = Object.fromEntries(
    CONFIG_DOCS.map(({ name }) => [name, env[name] === '' ? undefined : env[name]]),
  )
  const parsed = envSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid ${String(issue?.path[0] ?? 'configuration')}: ${issue?.message}`)
  }
  const e = parsed.data
  const adminEmail = e.ADMIN_EMAIL.toLowerCase()
  if (e.ADMIN_PASSWORD !== undefined) {
    const problems = passwordProblems(
      e.ADMIN_PASSWORD,
      { email: adminEmail },
      e.PASSWORD_MIN_LENGTH,
    )
    if (problems.length > 0) throw new Error(`Invalid ADMIN_PASSWORD: ${problems.join(' ')}`)
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    talentPageCache: e.TALENT_PAGE_CACHE,
    countExactUpTo: e.COUNT_EXACT_UP_TO,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    cvMaxMegabytes: e.CV_MAX_MB,
    cvMaxVersions: e.CV_MAX_VERSIONS,
    defaultPhoneRegion: e.DEFAULT_PHONE_REGION,
    adminEmail,
    adminPassword: e.ADMIN_PASSWORD,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    tempPasswordDays: e.TEMP_PASSWORD_DAYS,
    smtpUrl: e.SMTP_URL,
    smtpInsecure: e.SMTP_INSECURE === 'true',
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: parseOrigins(e.CORS_ORIGINS),
    clientDir: path.resolve(e.CLIENT_DIR),
    throttle: DEFAULT_THROTTLE,
    timeouts: DEFAULT_TIMEOUTS,
    housekeepingIntervalMs: 15 * 60_000,
    dryRunWaitMs: 2_000,
    secretKey: readSecretKey(e.SECRET_KEY),
    // A test clock moves in seconds: the journeys look every second.
    retentionCheckMs: e.TEST_CLOCK_FILE === undefined ? 10 * 60_000 : 1_000,
    retentionTestClockFile:
      e.TEST_CLOCK_FILE === undefined ? undefined : path.resolve(e.TEST_CLOCK_FILE),
  }
}

function readSecretKey(value: string | undefined): SecretKey | undefined {
  if (value === undefined) return undefined
  try {
    return parseSecretKey(value)
  } catch (error) {
    throw new Error(`Invalid SECRET_KEY: ${error instanceof Error ? error.message : String(error)}`)
  }
}

const TRUST_PROXY_EXAMPLE =
  "set it to your proxy's address or network, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8, or TRUST_PROXY=loopback"
/** proxy-addr's names for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * Security rule 35: only named proxies may say who the client is. `true` or a hop count would trust
 * whatever X-Forwarded-For a client sends (its own choice of address: the per-address login limit
 * never triggers and the logs record made-up addresses), so they are refused with what to write.
 */
function parseTrustProxy(value: string): Config['trustProxy'] {
  const v = value.trim().toLowerCase()
  if (v === 'false') return false
  if (v === 'true' || /^\d+$/.test(v)) {
    throw new Error(
      `Invalid TRUST_PROXY: "${value}" would let any client choose its own address; ${TRUST_PROXY_EXAMPLE}`,
    )
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = list.find((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrNetwork(entry))
  if (list.length === 0 || bad !== undefined) {
    throw new Error(
      `Invalid TRUST_PROXY: "${bad ?? value}" is not an address or network; ${TRUST_PROXY_EXAMPLE}`,
    )
  }
  return list
}

function isAddressOrNetwork(entry: string): boolean {
  if (ipaddr.isValid(entry)) return true
  try {
    ipaddr.parseCIDR(entry)
    return true
  } catch {
    return false
  }
}

function parseOrigins(value: string | undefined): string[] {
  if (value === undefined) return []
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => {
      const parsed = URL.canParse(origin) ? new URL(origin) : undefined
      if (parsed?.origin !== origin.replace(/\/$/, '')) {
        throw new Error(
          `Invalid CORS_ORIGINS: "${origin}" is not an origin like https://example.com`,
        )
      }
      return parsed.origin
    })
}
