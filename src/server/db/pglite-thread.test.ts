import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { longestLoopGap } from '#tests/support/loop-gap.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { isDatabaseUnavailable, isUniqueViolation } from '../errors.ts'
import { openDatabase, type OpenDatabase } from './open.ts'
import { rawRows } from './raw-rows.ts'

// The embedded engine on its own thread, as the server runs it (pglite-thread.ts).
const onEmbedded = test.runIf(testEngine() === 'pglite')

let database: OpenDatabase
beforeAll(async () => {
  if (testEngine() !== 'pglite') return
  database = await openDatabase({ engine: 'pglite', dataDir: undefined, ownThread: true })
  await database.migrate()
  await database.db.execute(sql`create table thread_probe (n int primary key)`)
})
afterAll(async () => {
  await database?.close()
})

onEmbedded('a long statement leaves the server’s thread free', async () => {
  // On the server's own thread this held the event loop for the whole 400 ms.
  const gap = await longestLoopGap(() => database.db.execute(sql`select pg_sleep(0.4)`))
  expect(gap).toBeLessThan(150)
})

onEmbedded('rows, types and errors come back as on the server’s thread', async () => {
  const [row] = await rawRows<{ n: number; at: string; words: string[] }>(
    database.db,
    sql`select 1 as n, '2026-01-02T03:04:05Z'::timestamptz as at, array['a', 'b'] as words`,
  )
  expect(row).toEqual({
    n: 1,
    at: expect.stringContaining('2026-01-02') as string,
    words: ['a', 'b'],
  })
  await database.db.execute(sql`insert into thread_probe values (1)`)
  const duplicate = await database.db
    .execute(sql`insert into thread_probe values (1)`)
    .catch((error: unknown) => error)
  expect(isUniqueViolation(duplicate)).toBe(true)
})

onEmbedded(
  'a transaction is alone: other statements wait for its end, a throw rolls it back',
  async () => {
    await database.db.execute(sql`delete from thread_probe`)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (10)`)
      await held
      throw new Error('changed my mind')
    })
    // Sent while the transaction is open: it must not run inside it (and be rolled back with it).
    const outside = database.db.execute(sql`insert into thread_probe values (20)`)
    release()
    await expect(transaction).rejects.toThrow('changed my mind')
    await outside
    const rows = await rawRows<{ n: number }>(
      database.db,
      sql`select n from thread_probe order by n`,
    )
    expect(rows).toEqual([{ n: 20 }])
  },
)

onEmbedded('a notification arrives before the statement that sent it returns', async () => {
  const heard: string[] = []
  const probe = database.watchAuthChanges
  expect(probe).toBeDefined()
  await probe?.((payload) => heard.push(payload))
  // Migration 0006's channel: a change to users notifies it.
  await database.db.execute(sql`select pg_notify('scout_auth_change', 'hello')`)
  expect(heard).toContain('hello')
})

onEmbedded('once closed, a statement fails as an unreachable database does', async () => {
  const other = await openDatabase({ engine: 'pglite', dataDir: undefined, ownThread: true })
  await other.close()
  const error = await other.db.execute(sql`select 1`).catch((e: unknown) => e)
  expect(isDatabaseUnavailable(error)).toBe(true)
  expect(await other.ping()).toBe(false)
})

onEmbedded(
  'security rule 47: the health ping answers while another request’s transaction holds the engine',
  async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // An upload's transaction: open, working, and not done for a while.
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.05)`)
      await held
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = performance.now()
    const answered = await Promise.race([
      database.ping(),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 1_000)),
    ])
    const ms = performance.now() - started
    release()
    await transaction
    // A `select 1` queued behind the transaction waited for it to end (the full second here).
    expect(answered).toBe(true)
    expect(ms).toBeLessThan(500)
    expect(await database.ping()).toBe(true)
  },
)

onEmbedded(
  'transactions waiting for one to end run one after the other, never two at once',
  async () => {
    await database.db.execute(sql`delete from thread_probe`)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1)`)
      await held
    })
    let open = 0
    let mostOpen = 0
    // Two more queue behind the first; each fails if the other's COMMIT or ROLLBACK took its
    // statements (a temporary table dropped at commit, as an upload's pieces are kept).
    const waiting = [2, 3].map((n) =>
      database.db.transaction(async (tx) => {
        open += 1
        mostOpen = Math.max(mostOpen, open)
        await tx.execute(sql.raw(`create temp table pieces_${n} (n int) on commit drop`))
        await tx.execute(sql.raw(`insert into pieces_${n} values (${n})`))
        await tx.execute(sql.raw(`insert into thread_probe select n from pieces_${n}`))
        open -= 1
      }),
    )
    release()
    await first
    await Promise.all(waiting)
    expect(mostOpen).toBe(1)
    const rows = await rawRows<{ n: number }>(
      database.db,
      sql`select n from thread_probe order by n`,
    )
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3])
  },
)

onEmbedded(
  'a statement waiting beside a transaction never runs inside it when both resume',
  async () => {
    await database.db.execute(sql`delete from thread_probe`)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const first = database.db.transaction(async () => {
      await held
    })
    // Queued in this order: the transaction that rolls back resumes first.
    const rolledBack = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1)`)
      throw new Error('changed my mind')
    })
    const outside = database.db.execute(sql`insert into thread_probe values (2)`)
    release()
    await first
    await expect(rolledBack).rejects.toThrow('changed my mind')
    await outside
    const rows = await rawRows<{ n: number }>(database.db, sql`select n from thread_probe`)
    expect(rows).toEqual([{ n: 2 }])
  },
)
