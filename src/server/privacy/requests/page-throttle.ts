import { sql } from 'drizzle-orm'
import type { Db } from '../../db/open.ts'
import { rawRows } from '../../db/raw-rows.ts'
import { clientAddressKey } from '../../auth/client-address.ts'

/**
 * Security rule 61: the public page answers at most this many requests per address (IPv6 by its
 * /64) in a window; past it, a 429 page. A person reads, corrects and answers in a handful.
 */
export const PAGE_REQUESTS_PER_WINDOW = 30
export const PAGE_WINDOW_SECONDS = 600

/**
 * Counts one request of this address in the house's throttle table (the housekeeping sweep
 * prunes it an hour after its last use) in one atomic statement, and says whether it may go on.
 */
export async function takePageTurn(db: Db, ip: string): Promise<boolean> {
  const key = `privacy-page:${clientAddressKey(ip)}`
  const open = sql`login_throttle.window_started_at > now() - make_interval(secs => ${PAGE_WINDOW_SECONDS})`
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`
    INSERT INTO login_throttle AS login_throttle (key, window_started_at, window_failures)
    VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      window_started_at = CASE WHEN ${open} THEN login_throttle.window_started_at ELSE now() END,
      window_failures = CASE WHEN ${open} THEN login_throttle.window_failures + 1 ELSE 1 END,
      updated_at = now()
    RETURNING window_failures AS n`,
  )
  return (row?.n ?? 0) <= PAGE_REQUESTS_PER_WINDOW
}
