import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { talentInputSchema, talentUpdateSchema, type TalentUpdate } from '#shared/talent.ts'
import type { Actor } from '../db/rows.ts'
import { tags as tagsTable, talents } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import {
  ADDED_BY_FORBIDDEN,
  createTalent,
  DELETE_FORBIDDEN,
  deleteTalent,
  EMAIL_TAKEN,
  getTalent,
  STALE_EDIT,
  updateTalent,
} from './service.ts'
import { TALENT_NOT_FOUND } from '../db/talent-lock.ts'
import { getTalentStats } from './stats.ts'
import { daysAgo, insertTalent, insertUser } from '#tests/support/talent-rows.ts'

let admin: Actor
let alice: Actor
let bob: Actor

// The users once for the file; the talents go before each test (the tags stay, the migrations'
// default ones included).
test.beforeAll(async ({ database }) => {
  admin = await insertUser(database.db, 'admin@x.test', 'admin')
  alice = await insertUser(database.db, 'alice@x.test', 'user', {
    firstName: 'Alice',
    lastName: 'A',
  })
  bob = await insertUser(database.db, 'bob@x.test')
})
test.beforeEach(async ({ database }) => {
  await database.db.delete(talents).where(eq(talents.id, talents.id))
})

const input = (extra: object = {}) =>
  talentInputSchema.parse({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    areaOfInterest: 'Science',
    seniorityLevel: 'senior',
    ...extra,
  })
const update = (extra: object = {}): TalentUpdate =>
  talentUpdateSchema.parse({
    fullName: 'Ada King',
    email: 'ada@example.com',
    areaOfInterest: 'Science',
    seniorityLevel: 'exec',
    ...extra,
  })

/** The AppError a promise rejects with, to assert status, message and field errors together. */
async function appError(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  const { statusCode, message, fieldErrors } = error
  return { statusCode, message, fieldErrors }
}

describe('createTalent', () => {
  test('sets addedById to the viewer and returns the API shape', async ({ database }) => {
    const talent = await createTalent(
      database.db,
      input({ phone: '', notes: 'Met at a fair' }),
      alice,
    )
    expect(talent).toMatchObject({
      fullName: 'Ada Lovelace',
      addedById: alice.id,
      addedByUser: { firstName: 'Alice', lastName: 'A', email: 'alice@x.test' },
      phone: null,
      notes: 'Met at a fair',
      tags: [],
      status: [],
    })
    expect(Date.parse(talent.createdAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  test('a body addedById naming someone else is a 400 on that field (security rule 14)', async ({
    database,
  }) => {
    expect(await appError(createTalent(database.db, input({ addedById: bob.id }), alice))).toEqual({
      statusCode: 400,
      message: ADDED_BY_FORBIDDEN,
      fieldErrors: { addedById: [ADDED_BY_FORBIDDEN] },
    })
    const own = await createTalent(database.db, input({ addedById: alice.id }), alice)
    expect(own.addedById).toBe(alice.id)
  })

  test('a duplicate e-mail in any case is a 409 on the e-mail field', async ({ database }) => {
    await createTalent(database.db, input(), alice)
    expect(
      await appError(createTalent(database.db, input({ email: 'ADA@Example.com' }), bob)),
    ).toEqual({
      statusCode: 409,
      message: EMAIL_TAKEN,
      fieldErrors: { email: [EMAIL_TAKEN] },
    })
  })

  test('new tag names join the tags table; known ones take its spelling', async ({ database }) => {
    const talent = await createTalent(
      database.db,
      input({ tags: ['high potential', 'Quantum', 'Needs Updating'] }),
      alice,
    )
    expect(talent.tags).toEqual(['High Potential', 'Quantum', 'Needs Updating'])
    const names = (await database.db.select({ name: tagsTable.name }).from(tagsTable)).map(
      (t) => t.name,
    )
    expect(names).toEqual(expect.arrayContaining(['High Potential', 'Quantum', 'Needs Updating']))
    expect(names.filter((n) => n.toLowerCase() === 'high potential')).toHaveLength(1)
  })
})

describe('updateTalent', () => {
  test('updates the fields given and keeps absent tags and status', async ({ database }) => {
    const created = await createTalent(
      database.db,
      input({ tags: ['Remote'], status: ['Hired'] }),
      alice,
    )
    const updated = await updateTalent(database.db, created.id, update({ phone: '+1 555' }), bob)
    expect(updated).toMatchObject({
      fullName: 'Ada King',
      seniorityLevel: 'exec',
      phone: '+1 555',
      tags: ['Remote'],
      status: ['Hired'],
      addedById: alice.id,
    })
    const cleared = await updateTalent(
      database.db,
      created.id,
      update({ tags: [], phone: '' }),
      bob,
    )
    expect(cleared).toMatchObject({ tags: [], phone: null, status: ['Hired'] })
  })

  test('404 for a missing talent', async ({ database }) => {
    expect(await appError(updateTalent(database.db, 999_999, update(), alice))).toMatchObject({
      statusCode: 404,
      message: TALENT_NOT_FOUND,
    })
    expect(await appError(getTalent(database.db, 999_999))).toMatchObject({ statusCode: 404 })
  })

  test("another talent's e-mail, in any case, is a 409; its own is fine", async ({ database }) => {
    await createTalent(database.db, input({ email: 'taken@x.test' }), alice)
    const mine = await createTalent(database.db, input(), alice)
    expect(
      await appError(updateTalent(database.db, mine.id, update({ email: 'TAKEN@x.test' }), alice)),
    ).toEqual({
      statusCode: 409,
      message: EMAIL_TAKEN,
      fieldErrors: { email: [EMAIL_TAKEN] },
    })
    const same = await updateTalent(
      database.db,
      mine.id,
      update({ email: 'ADA@example.com' }),
      alice,
    )
    expect(same.email).toBe('ADA@example.com')
  })

  test('a stale updatedAt is a 409 and changes nothing (security rule 27)', async ({
    database,
  }) => {
    const created = await createTalent(database.db, input(), alice)
    const first = await updateTalent(
      database.db,
      created.id,
      update({ updatedAt: created.updatedAt }),
      alice,
    )
    expect(first.updatedAt).not.toBe(created.updatedAt)
    const stale = updateTalent(
      database.db,
      created.id,
      update({ fullName: 'Lost Edit', updatedAt: created.updatedAt }),
      bob,
    )
    expect(await appError(stale)).toMatchObject({ statusCode: 409, message: STALE_EDIT })
    expect((await getTalent(database.db, created.id)).fullName).toBe('Ada King')
    const fresh = await updateTalent(
      database.db,
      created.id,
      update({ notes: 'ok', updatedAt: first.updatedAt }),
      bob,
    )
    expect(fresh.notes).toBe('ok')
  })

  test('the adder cannot be changed through the body', async ({ database }) => {
    const created = await createTalent(database.db, input(), alice)
    expect(
      await appError(updateTalent(database.db, created.id, update({ addedById: bob.id }), bob)),
    ).toMatchObject({
      statusCode: 400,
      fieldErrors: { addedById: [ADDED_BY_FORBIDDEN] },
    })
    const kept = await updateTalent(database.db, created.id, update({ addedById: alice.id }), bob)
    expect(kept.addedById).toBe(alice.id)
  })
})

describe('deleteTalent (admins and the adder only)', () => {
  test('another user is refused 403 and the talent stays', async ({ database }) => {
    const created = await createTalent(database.db, input(), alice)
    expect(await appError(deleteTalent(database.db, created.id, bob))).toEqual({
      statusCode: 403,
      message: DELETE_FORBIDDEN,
      fieldErrors: undefined,
    })
    expect((await getTalent(database.db, created.id)).id).toBe(created.id)
  })

  test('the adder and an admin may delete; a talent without adder is admin-only', async ({
    database,
  }) => {
    const mine = await createTalent(database.db, input(), alice)
    expect(await deleteTalent(database.db, mine.id, alice)).toEqual({
      message: 'Talent deleted successfully',
    })
    expect(await appError(getTalent(database.db, mine.id))).toMatchObject({ statusCode: 404 })
    const orphan = await insertTalent(database.db, { fullName: 'No Adder', email: 'na@x.test' })
    expect(await appError(deleteTalent(database.db, orphan, alice))).toMatchObject({
      statusCode: 403,
    })
    await deleteTalent(database.db, orphan, admin)
    expect(await appError(deleteTalent(database.db, orphan, admin))).toMatchObject({
      statusCode: 404,
    })
  })
})

describe('getTalentStats (spec sections 2, 4 and 9)', () => {
  test('the four cards on a known data set', async ({ database }) => {
    const t = (email: string, extra: object) =>
      insertTalent(database.db, { fullName: 'X Y', email, ...extra })
    await t('a@x.test', { addedById: alice.id, createdAt: daysAgo(1) })
    await t('b@x.test', { addedById: alice.id, createdAt: daysAgo(29), tags: ['Needs Updating'] })
    await t('c@x.test', {
      addedById: bob.id,
      createdAt: daysAgo(31),
      tags: ['Needs Updating', 'Remote'],
    })
    // The status of the same name does not count: the card counts the tag (spec section 4).
    await t('d@x.test', { addedById: null, createdAt: daysAgo(400), status: ['Needs Updating'] })
    expect(await getTalentStats(database.db, alice.id, undefined)).toEqual({
      total: 4,
      addedByYou: 2,
      newThisMonth: 2,
      needsUpdating: 2,
    })
    expect((await getTalentStats(database.db, admin.id, undefined)).addedByYou).toBe(0)
  })
})
