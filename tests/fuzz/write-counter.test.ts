import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rawRows } from '#server/db/raw-rows.ts'
import { createFuzzHarness, type FuzzHarness } from './harness.ts'

// The fuzz tests' "nothing half-written" rests on the write counter: it must count what a request
// writes, and not the derived phone key the duplicate check fills on read (an undo puts talents
// back without it; the check keys them before it looks). Counting it failed a fuzz run at random.

let h: FuzzHarness
beforeAll(async () => {
  h = await createFuzzHarness()
})
afterAll(() => h.close())

const checkPhone = () =>
  h.send({
    caller: 'user',
    transport: 'bearer',
    method: 'GET',
    url: '/api/talents/duplicates?phone=4155550134',
    contentType: undefined,
    payload: undefined,
  })

test('a phone key filled on read is not a write; any other change of a talent is', async () => {
  const db = h.t.database.db
  // The caller's first request may move its session on (counted, by design): not this test's.
  expect((await checkPhone()).statusCode).toBe(200)
  await db.execute(sql`UPDATE talents SET phone = '+1 415 555 0134', phone_e164 = NULL
    WHERE id = (SELECT min(id) FROM talents)`)
  const before = await h.writeCount()
  expect((await checkPhone()).statusCode).toBe(200)
  const [unkeyed] = await rawRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM talents WHERE phone_e164 IS NULL AND phone IS NOT NULL`,
  )
  expect(unkeyed?.n).toBe(0)
  expect(await h.writeCount()).toBe(before)
  await db.execute(
    sql`UPDATE talents SET notes = 'changed' WHERE id = (SELECT min(id) FROM talents)`,
  )
  expect(await h.writeCount()).toBeGreaterThan(before)
})
