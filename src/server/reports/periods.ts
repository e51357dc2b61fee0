import { sql, type SQL } from 'drizzle-orm'

// Report periods are calendar months and ISO weeks in UTC, whatever the session's time zone, so
// both engines and every server agree on where a talent falls. The reference time is a parameter
// (not now()) so tests can pin it.

function utc(now: Date): SQL {
  return sql`(${now.toISOString()}::timestamptz at time zone 'UTC')`
}

/** The UTC month containing `now`, as a timestamp without time zone. */
export function monthStart(now: Date): SQL {
  return sql`date_trunc('month', ${utc(now)})`
}

/** The UTC week (starting Monday) containing `now`, as a timestamp without time zone. */
export function weekStart(now: Date): SQL {
  return sql`date_trunc('week', ${utc(now)})`
}

/** A UTC wall-clock timestamp back as timestamptz, to compare with an indexed column. */
export function asTimestamptz(utcTimestamp: SQL): SQL {
  return sql`((${utcTimestamp}) at time zone 'UTC')`
}
