import { setTimeout as delay, setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'

/**
 * A phone in E.164 (+14155550134), read with libphonenumber: international numbers as written,
 * others in `region` (DEFAULT_PHONE_REGION) only — no guessing beyond it. '' when it is no
 * possible number, so a stored key of '' means "computed, nothing to compare".
 */
export function phoneE164(phone: string, region: CountryCode | undefined): string {
  const parsed = parsePhoneNumberFromString(phone, region ? { defaultCountry: region } : {})
  return parsed?.isPossible() ? parsed.number : ''
}

/**
 * Rows one UPDATE keys: each row rewritten costs ~1 ms on PGlite (its indexes and search document
 * go with it), and the embedded engine holds the only thread meanwhile, so batches stay short and
 * the event loop gets a turn between them.
 */
const BATCH = 500

/** The fill under way per database: callers join it rather than race it for the same rows. */
const running = new WeakMap<Db, Promise<number>>()

/**
 * Computes talents.phone_e164 where it is missing: rows written since their phone changed (a
 * trigger clears the key, migration 0014), before the column existed, or by a tool that writes
 * none. A raw UPDATE, so updated_at stays: a key is no edit (undo and the stale-edit check read
 * updated_at). The phone is compared again on write, so a concurrent edit is never given the old
 * number's key. Returns how many rows this run filled.
 *
 * Every row written before the call is keyed when it resolves: a fill already under way may have
 * read its last batch before those rows, so the call waits for it and then runs, or joins a fill
 * that began after the call. `signal` stops a run between batches (the server's shutdown).
 */
export async function refreshPhoneKeys(
  db: Db,
  region: CountryCode | undefined,
  signal?: AbortSignal,
): Promise<number> {
  const before = running.get(db)
  if (before) await before.catch(() => 0)
  const after = running.get(db)
  if (after) return after
  const run = fillPhoneKeys(db, region, signal).finally(() => running.delete(db))
  running.set(db, run)
  return run
}

/**
 * refreshPhoneKeys for a person waiting on an answer (the check while typing): at most `waitMs`,
 * then on with the keys there are. Only a large backlog takes longer — the first start after an
 * upgrade or a seed — and that fill goes on meanwhile.
 */
export async function refreshPhoneKeysWithin(
  db: Db,
  region: CountryCode | undefined,
  waitMs: number,
): Promise<void> {
  const refresh = refreshPhoneKeys(db, region)
  // A failure after the wait is the fill's own; the caller has moved on by then.
  refresh.catch(() => undefined)
  await Promise.race([refresh, delay(waitMs, undefined, { ref: false })])
}

async function fillPhoneKeys(
  db: Db,
  region: CountryCode | undefined,
  signal: AbortSignal | undefined,
): Promise<number> {
  let filled = 0
  while (!signal?.aborted) {
    const rows = await rawRows<{ id: number; phone: string }>(
      db,
      sql`SELECT id, phone FROM talents WHERE phone_e164 IS NULL AND phone IS NOT NULL ORDER BY id LIMIT ${BATCH}`,
    )
    if (rows.length === 0) return filled
    const keyed = rows.map((row) => ({ ...row, key: phoneE164(row.phone, region) }))
    // One JSON parameter: drizzle would spread a JS array into a list of parameters.
    await db.execute(sql`
      UPDATE talents t SET phone_e164 = v.key
      FROM json_to_recordset(${JSON.stringify(keyed)}::json) AS v(id int, phone text, key text)
      WHERE t.id = v.id AND t.phone = v.phone AND t.phone_e164 IS NULL`)
    filled += rows.length
    if (rows.length < BATCH) return filled
    await yieldToEventLoop()
  }
  return filled
}
