import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { refreshPhoneKeys, refreshPhoneKeysWithin } from './phone-keys.ts'

/** Talents with international phones and no keys, as a tool that writes none leaves them. */
async function insertKeyless(db: Db, from: number, count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO talents (full_name, email, phone, area_of_interest, seniority_level)
    SELECT 'Keyless ' || i, 'keyless-' || i || '@keys.test',
           '+1 415 2' || lpad(i::text, 6, '0'), 'Engineering', 'junior'
    FROM generate_series(${from}::int, ${from + count - 1}::int) AS i`)
}

async function unkeyed(db: Db): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM talents WHERE phone_e164 IS NULL`,
  )
  return row?.n ?? -1
}

test('callers at once share one fill: each row is keyed once, and rows written meanwhile are keyed too', async ({
  api,
}) => {
  const { db } = api.database
  await insertKeyless(db, 1, 600)
  const first = refreshPhoneKeys(db, undefined)
  // Written while the first fill runs: the next caller waits for it, then keys these as well.
  await insertKeyless(db, 5000, 10)
  const [a, b, c] = await Promise.all([
    first,
    refreshPhoneKeys(db, undefined),
    refreshPhoneKeys(db, undefined),
  ])
  expect(a + b).toBe(610)
  expect(c).toBe(b)
  expect(await unkeyed(db)).toBe(0)
  const [key] = await rawRows<{ key: string }>(
    db,
    sql`SELECT phone_e164 AS key FROM talents WHERE email = 'keyless-5009@keys.test'`,
  )
  expect(key?.key).toBe('+14152005009')
})

test('a person waiting (the check while typing) waits a bounded time; the fill goes on', async ({
  api,
}) => {
  const { db } = api.database
  await insertKeyless(db, 1, 1000)
  await refreshPhoneKeysWithin(db, undefined, 0)
  expect(await unkeyed(db)).toBeGreaterThan(0)
  // The fill it started (or joined) finishes on its own; the next caller finds nothing left.
  await refreshPhoneKeys(db, undefined)
  expect(await unkeyed(db)).toBe(0)
  expect(await refreshPhoneKeys(db, undefined)).toBe(0)
})

test('a stopped fill ends between batches, leaving the rest for the next caller', async ({
  api,
}) => {
  const { db } = api.database
  await insertKeyless(db, 1, 800)
  const stop = new AbortController()
  const filling = refreshPhoneKeys(db, undefined, stop.signal)
  stop.abort()
  expect(await filling).toBeLessThan(800)
  expect(await unkeyed(db)).toBeGreaterThan(0)
  expect(await refreshPhoneKeys(db, undefined)).toBeGreaterThan(0)
  expect(await unkeyed(db)).toBe(0)
})
