import { type SQL, sql } from 'drizzle-orm'
import type { ThrottleConfig } from '../config.ts'

/*
 * The throttle's statements (security rule 6, throttle.ts): each failure is one UPSERT whose SET
 * reads the row's previous values, so concurrent failures never lose a count.
 */

/** A JavaScript time as a SQL timestamp. */
export function ts(date: Date) {
  return sql`${date.toISOString()}::timestamptz`
}

/**
 * The address's UPSERT (security rule 6 c), counted only when the pair was (the `pair` CTE): one
 * more failure in its hour, and one more account when this is the pair's first failure in its
 * own hour. At or past either limit, the address waits 2^(n over) s, capped. The caller adds
 * `WHERE` (to the conflict update) and `RETURNING`.
 */
export function addressFailure(config: ThrottleConfig, ipKey: string, n: SQL): SQL {
  const hourOpen = sql`login_throttle.window_started_at > ${n} - make_interval(secs => ${config.ipWindowSeconds})`
  const newAccount = sql`(CASE WHEN (SELECT window_failures FROM pair) = 1 THEN 1 ELSE 0 END)`
  const failures = sql`(CASE WHEN ${hourOpen} THEN login_throttle.window_failures + 1 ELSE 1 END)`
  const accounts = sql`(CASE WHEN ${hourOpen} THEN login_throttle.consecutive_failures + ${newAccount} ELSE ${newAccount} END)`
  const slowDown = (over: SQL) => sql`CASE WHEN ${over} >= 0
    THEN ${n} + make_interval(secs => LEAST(power(2, LEAST(${over}, 30)), ${config.ipMaxDelaySeconds})) END`
  const over = (f: SQL, a: SQL) =>
    sql`GREATEST(${f} - ${config.ipMaxFailures}, ${a} - ${config.ipMaxAccounts})`
  return sql`
      INSERT INTO login_throttle AS login_throttle
        (key, consecutive_failures, window_started_at, window_failures, locked_until)
      SELECT ${ipKey}, ${newAccount}, ${n}, 1, ${slowDown(over(sql`1`, newAccount))}
      WHERE EXISTS (SELECT 1 FROM pair)
      ON CONFLICT (key) DO UPDATE SET
        consecutive_failures = ${accounts},
        window_started_at = CASE WHEN ${hourOpen} THEN login_throttle.window_started_at ELSE ${n} END,
        window_failures = ${failures},
        locked_until = ${slowDown(over(failures, accounts))},
        updated_at = ${n}`
}

/**
 * The account's UPSERT (security rule 6 b), also the (address, account) pair's (6 c): after
 * `accountFreeFailures` consecutive failures each further one locks for 2^(n - free) s, capped;
 * the hour's window locks at its maximum. Its SET reads the row's previous values, so concurrent
 * failures never lose a count. The caller may add `WHERE` (to the conflict update) and `RETURNING`.
 */
export function accountFailure(config: ThrottleConfig, accountKey: string, n: SQL, when: SQL): SQL {
  const hourOpen = sql`login_throttle.window_started_at > ${n} - interval '1 hour'`
  const hourFailures = sql`(CASE WHEN ${hourOpen} THEN login_throttle.window_failures + 1 ELSE 1 END)`
  const hourStart = sql`(CASE WHEN ${hourOpen} THEN login_throttle.window_started_at ELSE ${n} END)`
  const consecutive = sql`(login_throttle.consecutive_failures + 1)`
  const free = config.accountFreeFailures
  // 2^(n - free) seconds, capped; the exponent is capped first so power() never overflows.
  const delay = sql`LEAST(power(2, LEAST(${consecutive} - ${free}, 30)), ${config.accountMaxDelaySeconds})`
  return sql`
      INSERT INTO login_throttle AS login_throttle
        (key, consecutive_failures, window_started_at, window_failures, locked_until)
      SELECT ${accountKey}, 1, ${n}, 1,
        CASE WHEN 1 >= ${free} THEN ${n} + make_interval(secs => 1) END
      WHERE ${when}
      ON CONFLICT (key) DO UPDATE SET
        consecutive_failures = ${consecutive},
        window_started_at = ${hourStart},
        window_failures = ${hourFailures},
        locked_until = GREATEST(
          CASE WHEN ${consecutive} >= ${free} THEN ${n} + make_interval(secs => ${delay}) END,
          CASE WHEN ${hourFailures} >= ${config.accountHourlyMaxFailures}
            THEN ${hourStart} + interval '1 hour' END),
        updated_at = ${n}`
}
