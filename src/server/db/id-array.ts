import { sql, type SQL } from 'drizzle-orm'

/** Ids as ONE array parameter: 100,000 ids would exceed the protocol's 65,535 parameters. */
export function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`
}
