import type { z } from 'zod'
import { cached, CLOCK_TTL_MS } from '../cache/count-cache.ts'
import type { Db } from '../db/open.ts'

export type ComputeReport<T> = (db: Db, now: Date, dataVersion: number | undefined) => Promise<T>

/**
 * A report as its route serves it: kept per data version, since every row it counts is written in
 * a transaction that moves the version (migration 0005), and for a minute at most, since its
 * periods move with the clock (CLOCK_TTL_MS). A kept value that fails the schema is computed again.
 */
export function cachedReport<T>(
  name: string,
  schema: z.ZodType<T>,
  compute: ComputeReport<T>,
): ComputeReport<T> {
  const isReport = (value: unknown): value is T => schema.safeParse(value).success
  return (db, now, dataVersion) =>
    cached(
      db,
      dataVersion,
      `reports:${name}`,
      () => compute(db, now, dataVersion),
      isReport,
      CLOCK_TTL_MS,
    )
}
