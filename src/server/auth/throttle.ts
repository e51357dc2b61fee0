import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { ThrottleConfig } from '../config.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { accountFailure, addressFailure, ts } from './throttle-sql.ts'
import { loginThrottle } from '../db/schema.ts'
import { TooManyRequestsError } from '../errors.ts'

/**
 * Security rule 6, with its state in the login_throttle table so every app process shares it. Keys:
 * - `account:<email>` (6 b): after 5 consecutive failures each further try waits 2^(n-5) s,
 *   capped at 15 minutes; at most 100 failures an hour. Unknown e-mails get a row too, so an
 *   attacker cannot tell them apart by the throttle.
 * - `pair:<address> <email>` (6 c): the same, for one client address and one account, so the
 *   owner's success from elsewhere (which clears the account's count) hands no guesser a fresh
 *   allowance.
 * - `ip:<address>` (6 c), only against spraying: in its hour, `window_failures` counts the
 *   address's failures and `consecutive_failures` the accounts that failed from it. Past
 *   `ipMaxAccounts` accounts or `ipMaxFailures` failures each further failure slows the address
 *   down — it waits 2^(n over the limit) s, capped at `ipMaxDelaySeconds` — rather than locking
 *   it: a whole office behind one NAT, VPN or proxy must not be refused because a few colleagues
 *   mistyped once.
 * A success takes back the failure its attempt was counted as (counted before verifying, 6 a).
 */
export type ThrottleKeys = { ip: string; email: string }

type Keys = { ipKey: string; pairKey: string; accountKey: string }

function keys({ ip, email }: ThrottleKeys): Keys {
  // An address key never holds a space, so the first space ends it.
  return { ipKey: `ip:${ip}`, pairKey: `pair:${ip} ${email}`, accountKey: `account:${email}` }
}

/**
 * Throws TooManyRequestsError (429 + Retry-After) while the address, the address with this
 * account, or the account is held. `target.ip` is already a client key (client-address.ts: IPv6
 * by its /64).
 */
export async function assertNotThrottled(db: Db, target: ThrottleKeys, now = new Date()) {
  const { ipKey, pairKey, accountKey } = keys(target)
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(
      and(
        inArray(loginThrottle.key, [ipKey, pairKey, accountKey]),
        gt(loginThrottle.lockedUntil, now),
      ),
    )
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0))
  if (until > now.getTime()) {
    throw new TooManyRequestsError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)))
  }
}

/**
 * Security rule 6 a: counts a login attempt as a failure BEFORE its password is checked, in one
 * statement that also says whether it may go on. Each key's UPSERT only counts when its row is not
 * held (ON CONFLICT ... WHERE re-reads the newest row under its row lock), and each key is only
 * counted when the one before it was (pair, then address, then account); so 500 concurrent
 * attempts are held exactly like 500 in a row — the 5th locks, the 6th is refused. A success
 * takes its count back (recordLoginSuccess).
 */
export async function claimLoginAttempt(
  db: Db,
  config: ThrottleConfig,
  target: ThrottleKeys,
  now = new Date(),
): Promise<number> {
  const { ipKey, pairKey, accountKey } = keys(target)
  const n = ts(now)
  const open = sql`(login_throttle.locked_until IS NULL OR login_throttle.locked_until <= ${n})`
  const othersHeld = sql`NOT EXISTS (SELECT 1 FROM login_throttle
    WHERE key IN (${ipKey}, ${accountKey}) AND locked_until > ${n})`

  const [first] = await rawRows<{ allowed: boolean; failures: number | null }>(
    db,
    sql`
    WITH pair AS (
      ${accountFailure(config, pairKey, n, othersHeld)}
      WHERE ${open}
      RETURNING window_failures
    ), ip AS (
      ${addressFailure(config, ipKey, n)}
      WHERE ${open}
      RETURNING 1
    ), account AS (
      ${accountFailure(config, accountKey, n, sql`EXISTS (SELECT 1 FROM ip)`)}
      WHERE ${open}
      RETURNING consecutive_failures
    )
    SELECT EXISTS (SELECT 1 FROM account) AS allowed,
      (SELECT consecutive_failures FROM account) AS failures`,
  )
  // The account's consecutive failures with this attempt: the one that reaches the limit locks it.
  if (first?.allowed === true) return first.failures ?? 0
  // Refused: say for how long (the lock was set by the attempt that reached the limit).
  await assertNotThrottled(db, target, now)
  throw new TooManyRequestsError(1)
}

export type SessionTarget = { sessionId: number; email: string }

/**
 * Security rule 30 (with 6 a): a signed-in password check is counted BEFORE the password is
 * verified — against the session (its own row, `session:<id>`, in a 15-minute window) and as a
 * failure of the account — in one statement, which answers the session's count. A right password
 * takes it back (takeBackSessionAttempt), so only wrong ones add up, and a burst is held.
 */
export async function claimSessionPasswordAttempt(
  db: Db,
  config: ThrottleConfig,
  target: SessionTarget,
  now = new Date(),
): Promise<number> {
  const n = ts(now)
  const sessionKey = `session:${target.sessionId}`
  const windowOpen = sql`login_throttle.window_started_at > ${n} - make_interval(secs => ${config.sessionWindowSeconds})`
  const [row] = await rawRows<{ failures: number }>(
    db,
    sql`
    WITH account AS (${accountFailure(config, `account:${target.email}`, n, sql`true`)})
    INSERT INTO login_throttle AS login_throttle (key, consecutive_failures, window_started_at, window_failures)
    VALUES (${sessionKey}, 1, ${n}, 1)
    ON CONFLICT (key) DO UPDATE SET
      consecutive_failures = login_throttle.consecutive_failures + 1,
      window_started_at = CASE WHEN ${windowOpen} THEN login_throttle.window_started_at ELSE ${n} END,
      window_failures = CASE WHEN ${windowOpen} THEN login_throttle.window_failures + 1 ELSE 1 END,
      updated_at = ${n}
    RETURNING window_failures AS failures`,
  )
  return row?.failures ?? 0
}

/** The right password was given: its claimed attempt no longer counts (security rule 30). */
export async function takeBackSessionAttempt(db: Db, target: SessionTarget, now = new Date()) {
  await db.execute(sql`
    UPDATE login_throttle SET
      consecutive_failures = GREATEST(consecutive_failures - 1, 0),
      window_failures = GREATEST(window_failures - 1, 0),
      updated_at = ${ts(now)}
    WHERE key IN (${`session:${target.sessionId}`}, ${`account:${target.email}`})`)
}

/**
 * Security rule 6 a: a successful login clears the account's and the pair's consecutive failures
 * and takes back the attempt it claimed from every key's hour.
 */
export async function recordLoginSuccess(
  db: Db,
  config: ThrottleConfig,
  target: ThrottleKeys,
  now = new Date(),
) {
  await takeBack(db, config, target, 'clear', now)
}

/**
 * Security rule 39: a right password whose second factor is still due takes back the attempt it
 * claimed, but clears nothing: wrong codes after it keep adding up across sign-ins, and only the
 * code's success (recordLoginSuccess) clears the account's count.
 */
export async function takeBackLoginAttempt(
  db: Db,
  config: ThrottleConfig,
  target: ThrottleKeys,
  now = new Date(),
) {
  await takeBack(db, config, target, 'keep', now)
}

/**
 * Takes one claimed attempt back from the pair, the account and the address, in one statement.
 * The claim was let through, so any hold on these rows now is the one it set; it goes when the
 * counts without this attempt would not have set it ('clear' lifts the account's and the pair's
 * outright). The address also forgets this account when it was the pair's only failure.
 */
async function takeBack(
  db: Db,
  config: ThrottleConfig,
  target: ThrottleKeys,
  mode: 'clear' | 'keep',
  now: Date,
) {
  const { ipKey, pairKey, accountKey } = keys(target)
  const n = ts(now)
  const perAccount = (key: string) =>
    mode === 'clear'
      ? sql`UPDATE login_throttle SET consecutive_failures = 0,
          window_failures = GREATEST(window_failures - 1, 0), locked_until = NULL, updated_at = ${n}
          WHERE key = ${key}`
      : sql`UPDATE login_throttle SET
          consecutive_failures = GREATEST(consecutive_failures - 1, 0),
          window_failures = GREATEST(window_failures - 1, 0),
          locked_until = CASE WHEN consecutive_failures - 1 < ${config.accountFreeFailures}
            AND window_failures - 1 < ${config.accountHourlyMaxFailures} THEN NULL
            ELSE locked_until END,
          updated_at = ${n}
          WHERE key = ${key}`
  const accounts = sql`GREATEST(consecutive_failures
    - CASE WHEN (SELECT window_failures FROM pair) = 0 THEN 1 ELSE 0 END, 0)`
  await db.execute(sql`
    WITH pair AS (${perAccount(pairKey)} RETURNING window_failures),
      account AS (${perAccount(accountKey)})
    UPDATE login_throttle SET
      window_failures = GREATEST(window_failures - 1, 0),
      consecutive_failures = ${accounts},
      locked_until = CASE WHEN window_failures - 1 < ${config.ipMaxFailures}
        AND ${accounts} < ${config.ipMaxAccounts} THEN NULL ELSE locked_until END,
      updated_at = ${n}
    WHERE key = ${ipKey}`)
}

/**
 * Security rule 6 d: a sign-in from a browser holding a valid device cookie for the account counts
 * against the cookie's own row (`device:<nonce>`), claimed before the password is checked like the
 * others. True while the cookie may still try; false once it has had its failures — then it is
 * refused for the rest of its life, and the sign-in is held like any stranger's.
 */
export async function claimDeviceAttempt(
  db: Db,
  config: ThrottleConfig,
  nonce: string,
  lifetimeSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const n = ts(now)
  const refusedUntil = sql`${n} + make_interval(secs => ${lifetimeSeconds})`
  const [row] = await rawRows<{ failures: number }>(
    db,
    sql`
    INSERT INTO login_throttle AS login_throttle
      (key, consecutive_failures, window_started_at, window_failures, locked_until)
    VALUES (${`device:${nonce}`}, 1, ${n}, 1,
      CASE WHEN 1 >= ${config.deviceMaxFailures} THEN ${refusedUntil} END)
    ON CONFLICT (key) DO UPDATE SET
      consecutive_failures = login_throttle.consecutive_failures + 1,
      window_failures = login_throttle.window_failures + 1,
      locked_until = CASE WHEN login_throttle.consecutive_failures + 1 >= ${config.deviceMaxFailures}
        THEN ${refusedUntil} END,
      updated_at = ${n}
    WHERE login_throttle.consecutive_failures < ${config.deviceMaxFailures}
    RETURNING consecutive_failures AS failures`,
  )
  return row !== undefined
}

/** The device signed in: its cookie is replaced by a new one, so its row can go. */
export async function forgetDevice(db: Db, nonce: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, `device:${nonce}`))
}
