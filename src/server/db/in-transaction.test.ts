import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { databaseTest as test } from '#tests/support/database-test.ts'
import {
  AppError,
  ConflictError,
  DUPLICATE_MESSAGE,
  NotFoundError,
  WRITE_COLLISION_MESSAGE,
} from '../errors.ts'
import { inTransaction } from './in-transaction.ts'
import type { Db } from './open.ts'
import { tags } from './schema.ts'

/** What the database says when it cancels a deadlocked transaction, raised on purpose. */
const DEADLOCK = sql`do $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`
const SERIALIZATION = sql`do $$ begin raise exception 'could not serialize' using errcode = '40001'; end $$`

async function tagsNamed(db: Db, name: string): Promise<number> {
  return db.$count(tags, eq(tags.name, name))
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the write should have been refused'),
    (error: unknown) => error,
  )
}

test('a unique violation inside the helper becomes a 409 with a message, and nothing is written', async ({
  db,
}) => {
  const twice = inTransaction(db, async (tx) => {
    await tx.insert(tags).values({ name: 'Twice' })
    await tx.insert(tags).values({ name: 'twice' })
  })
  const error = await refusal(twice)
  expect(error).toBeInstanceOf(ConflictError)
  expect(error).toMatchObject({ statusCode: 409, message: DUPLICATE_MESSAGE })
  expect(await tagsNamed(db, 'Twice')).toBe(0)
})

test('the caller’s own 409 answers a unique violation when it names one', async ({ db }) => {
  await db.insert(tags).values({ name: 'Taken' })
  const clash = inTransaction(db, (tx) => tx.insert(tags).values({ name: 'taken' }), {
    onDuplicate: () => new ConflictError('A tag with this name already exists.'),
  })
  expect(await refusal(clash)).toMatchObject({
    statusCode: 409,
    message: 'A tag with this name already exists.',
  })
})

test('a deadlock is run again from the start, and only the last run is written', async ({ db }) => {
  let runs = 0
  const result = await inTransaction(db, async (tx) => {
    runs++
    await tx.insert(tags).values({ name: 'Retried' })
    if (runs === 1) await tx.execute(DEADLOCK)
    return runs
  })
  expect(result).toBe(2)
  expect(await tagsNamed(db, 'Retried')).toBe(1)
})

test('a serialization failure is run again too', async ({ db }) => {
  let runs = 0
  await inTransaction(db, async (tx) => {
    runs++
    if (runs < 3) await tx.execute(SERIALIZATION)
  })
  expect(runs).toBe(3)
})

test('a collision on every attempt answers 409 "Someone else changed this…", nothing written', async ({
  db,
}) => {
  let runs = 0
  const always = inTransaction(
    db,
    async (tx) => {
      runs++
      await tx.insert(tags).values({ name: 'Never' })
      await tx.execute(DEADLOCK)
    },
    { attempts: 2 },
  )
  expect(await refusal(always)).toMatchObject({ statusCode: 409, message: WRITE_COLLISION_MESSAGE })
  expect(runs).toBe(2)
  expect(await tagsNamed(db, 'Never')).toBe(0)
})

test('inside an outer transaction a collision is not run again: the outer one answers', async ({
  db,
}) => {
  let runs = 0
  const nested = db.transaction((outer) =>
    inTransaction(outer, async (tx) => {
      runs++
      await tx.execute(DEADLOCK)
    }),
  )
  expect(await refusal(nested)).toMatchObject({ message: WRITE_COLLISION_MESSAGE })
  expect(runs).toBe(1)
})

test('errors the write throws on purpose, and any other error, pass through untouched', async ({
  db,
}) => {
  const missing = new NotFoundError('Talent not found')
  expect(await refusal(inTransaction(db, () => Promise.reject(missing)))).toBe(missing)
  const broken = await refusal(inTransaction(db, (tx) => tx.execute(sql`select 1 / 0`)))
  expect(broken).not.toBeInstanceOf(AppError)
})

test.skipIf(process.env.TEST_ENGINE !== 'postgres')(
  'two writes that really deadlock both commit: the one the database cancels runs again',
  async ({ db }) => {
    // Each takes its first lock, waits until the other holds its own, then asks for the other's.
    // Advisory locks: a table's row would also take the data-version row (migration 0005), and
    // the second writer would queue behind the first instead of deadlocking.
    let holding = 0
    let bothHold: () => void = () => undefined
    const bothHolding = new Promise<void>((resolve) => (bothHold = resolve))
    let runs = 0
    const write = (first: number, second: number) =>
      inTransaction(db, async (tx) => {
        runs++
        await tx.execute(sql`select pg_advisory_xact_lock(${first})`)
        if (++holding === 2) bothHold()
        await bothHolding
        await tx.execute(sql`select pg_advisory_xact_lock(${second})`)
      })
    const outcomes = await Promise.allSettled([write(1, 2), write(2, 1)])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(runs).toBe(3)
  },
)
