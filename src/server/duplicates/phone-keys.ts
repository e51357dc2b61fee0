import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
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

/**
 * Computes talents.phone_e164 where it is missing: rows written since their phone changed (a
 * trigger clears the key, migration 0014) or before the column existed. A raw UPDATE, so
 * updated_at stays: a key is no edit (undo and the stale-edit check read updated_at). The phone
 * is compared again on write, so a concurrent edit is never given the old number's key.
 * Returns how many rows it filled.
 */
export async function refreshPhoneKeys(db: Db, region: CountryCode | undefined): Promise<number> {
  let filled = 0
  for (;;) {
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
}
