import { and, gt, inArray, sql } from 'drizzle-orm'
import type { ThrottleConfig } from '../config.ts'
import type { Db } from '../db/open.ts'
import { loginThrottle } from '../db/schema.ts'
import { TooManyRequestsError } from '../errors.ts'

/**
 * SECURITY.md 6, with its state in the login_throttle table so every app process shares it.
 * Keys: `ip:<address>` (10 failures in 10 minutes lock the address for 10 minutes) and
 * `account:<email>` (after 5 consecutive failures each further try waits 2^(n-5) s, capped; at
 * most 100 failures an hour). Unknown e-mails get an account row too, so an attacker cannot tell
 * them apart by the throttle.
 */
export type ThrottleKeys = { ip: string; email: string }

function keys({ ip, email }: ThrottleKeys): { ipKey: string; accountKey: string } {
  return { ipKey: `ip:${ip}`, accountKey: `account:${email}` }
}

function ts(date: Date) {
  return sql`${date.toISOString()}::timestamptz`
}

/** Throws TooManyRequestsError (429 + Retry-After) while the address or the account is locked. */
export async function assertNotThrottled(db: Db, target: ThrottleKeys, now = new Date()) {
  const { ipKey, accountKey } = keys(target)
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, [ipKey, accountKey]), gt(loginThrottle.lockedUntil, now)))
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0))
  if (until > now.getTime()) {
    throw new TooManyRequestsError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)))
  }
}

/**
 * Counts a failed login for the address and the account. Each is one UPSERT whose SET reads the
 * row's previous values, so concurrent failures never lose a count (no read-modify-write).
 */
export async function recordLoginFailure(
  db: Db,
  config: ThrottleConfig,
  target: ThrottleKeys,
  now = new Date(),
): Promise<void> {
  const { ipKey, accountKey } = keys(target)
  const n = ts(now)

  const ipWindowOpen = sql`login_throttle.window_started_at > ${n} - make_interval(secs => ${config.ipWindowSeconds})`
  const ipFailures = sql`(CASE WHEN ${ipWindowOpen} THEN login_throttle.window_failures + 1 ELSE 1 END)`
  await db.execute(sql`
    INSERT INTO login_throttle (key, consecutive_failures, window_started_at, window_failures, locked_until)
    VALUES (${ipKey}, 1, ${n}, 1,
      CASE WHEN 1 >= ${config.ipMaxFailures} THEN ${n} + make_interval(secs => ${config.ipLockSeconds}) END)
    ON CONFLICT (key) DO UPDATE SET
      consecutive_failures = login_throttle.consecutive_failures + 1,
      window_started_at = CASE WHEN ${ipWindowOpen} THEN login_throttle.window_started_at ELSE ${n} END,
      window_failures = ${ipFailures},
      locked_until = CASE WHEN ${ipFailures} >= ${config.ipMaxFailures}
        THEN ${n} + make_interval(secs => ${config.ipLockSeconds})
        ELSE login_throttle.locked_until END,
      updated_at = ${n}`)

  const hourOpen = sql`login_throttle.window_started_at > ${n} - interval '1 hour'`
  const hourFailures = sql`(CASE WHEN ${hourOpen} THEN login_throttle.window_failures + 1 ELSE 1 END)`
  const hourStart = sql`(CASE WHEN ${hourOpen} THEN login_throttle.window_started_at ELSE ${n} END)`
  const consecutive = sql`(login_throttle.consecutive_failures + 1)`
  const free = config.accountFreeFailures
  // 2^(n - free) seconds, capped; the exponent is capped first so power() never overflows.
  const delay = sql`LEAST(power(2, LEAST(${consecutive} - ${free}, 30)), ${config.accountMaxDelaySeconds})`
  await db.execute(sql`
    INSERT INTO login_throttle (key, consecutive_failures, window_started_at, window_failures, locked_until)
    VALUES (${accountKey}, 1, ${n}, 1,
      CASE WHEN 1 >= ${free} THEN ${n} + make_interval(secs => 1) END)
    ON CONFLICT (key) DO UPDATE SET
      consecutive_failures = ${consecutive},
      window_started_at = ${hourStart},
      window_failures = ${hourFailures},
      locked_until = GREATEST(
        CASE WHEN ${consecutive} >= ${free} THEN ${n} + make_interval(secs => ${delay}) END,
        CASE WHEN ${hourFailures} >= ${config.accountHourlyMaxFailures}
          THEN ${hourStart} + interval '1 hour' END),
      updated_at = ${n}`)
}

/** SECURITY.md 6: a successful login resets the account's consecutive failures. */
export async function recordLoginSuccess(db: Db, email: string, now = new Date()): Promise<void> {
  await db.execute(sql`
    UPDATE login_throttle SET consecutive_failures = 0, locked_until = NULL, updated_at = ${ts(now)}
    WHERE key = ${`account:${email}`}`)
}
