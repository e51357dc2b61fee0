import ipaddr from 'ipaddr.js'
import type { CountryCode } from 'libphonenumber-js'
import path from 'node:path'
import { passwordProblems } from './passwords/password-policy.ts'
import { parseSecretKey, type SecretKey } from './secrets/secret-box.ts'
import { readEnvironment, type LOG_LEVELS } from './config-env.ts'

// Services name the default without a config (tests); it lives with the variable it defaults.
export { CV_MAX_VERSIONS_DEFAULT } from './config-env.ts'

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

/**
 * The settings, read once from the environment (the only reader of process.env; config-env.ts
 * validates each variable) and derived from it. A bad value throws an Error whose message names
 * the variable: "Invalid PORT: must be an integer 1-65535".
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readEnvironment(env)
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
