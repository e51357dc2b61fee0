import { and, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { rawRows } from '../db/raw-rows.ts'
import type { Actor } from '../db/rows.ts'
import { canChange, changeableBy } from './can-change.ts'

const admin: Actor = { id: 1, role: 'admin' }
const adder: Actor = { id: 2, role: 'user' }
const other: Actor = { id: 3, role: 'user' }

test('an admin may change any row, a user only the rows they added', () => {
  for (const row of [{ addedById: 2 }, { createdById: 2 }]) {
    expect(canChange(admin, row)).toBe(true)
    expect(canChange(adder, row)).toBe(true)
    expect(canChange(other, row)).toBe(false)
  }
})

test('a row whose person is gone (null) is an admin’s only', () => {
  expect(canChange(admin, { addedById: null })).toBe(true)
  expect(canChange(adder, { addedById: null })).toBe(false)
  expect(canChange(adder, { createdById: null })).toBe(false)
})

test('the SQL condition keeps exactly the rows the predicate allows, on this engine', async ({
  db,
}) => {
  const owners = [1, 2, 3, null]
  for (const actor of [admin, adder, other]) {
    const rows = await rawRows<{ owner: number | null }>(
      db,
      sql`select owner from (values (1), (2), (3), (null::int)) as t(owner)
          where ${and(sql`true`, changeableBy(actor, sql`t.owner`))} order by owner nulls last`,
    )
    const expected = owners.filter((owner) => canChange(actor, { addedById: owner }))
    expect(rows.map((row) => row.owner)).toEqual(expected)
  }
})
