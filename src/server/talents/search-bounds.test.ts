import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { MAX_SEARCH_WORDS, SEARCH_WORDS_MESSAGE } from '#shared/search/search-query-schema.ts'
import { createSession } from '../auth/sessions.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { STATEMENT_TIMEOUT_MESSAGE } from '../errors.ts'
import { seededApiTest as test } from '#tests/support/api-test.ts'
import { createTestApp, createTestUser } from '#tests/support/test-app.ts'

/**
 * Security rule 43: every search has a bound. An OR of three-letter fragments is the costliest query
 * the language allows (each fragment is looked up inside every name and e-mail, and ranked by a
 * substring test per match); these tests send such queries at the cap.
 */

/** Three-letter pieces that names below are made of, so each matches many talents. */
const PIECES = ['ann', 'mar', 'son', 'ber', 'ell', 'lin', 'ric', 'car', 'han', 'ert', 'ina', 'ton']

/** A pool of `n` talents in one statement; names and e-mails built from PIECES. */
async function seedPool(db: Db, n: number): Promise<void> {
  const pieces = sql`array[${sql.join(
    PIECES.map((piece) => sql`${piece}`),
    sql`, `,
  )}]`
  await db.execute(sql`
    insert into talents (full_name, email, area_of_interest, seniority_level, notes)
    select initcap(p[1 + g % 12] || p[1 + (g / 12) % 12]) || ' ' || initcap(p[1 + (g / 7) % 12] || p[1 + (g / 5) % 12] || 'o'),
           'x' || g || p[1 + (g / 3) % 12] || '@example.com', 'Engineering', 'mid',
           'works with ' || p[1 + (g / 11) % 12] || 'tics and ' || p[1 + (g / 13) % 12] || 'ware'
    from generate_series(1, ${n}) g, (select ${pieces}::text[] as p) pieces`)
}

/** A query of MAX_SEARCH_WORDS fragments OR-ed, different for each `i` (no cache answers it). */
function atTheCap(i: number): string {
  return Array.from({ length: MAX_SEARCH_WORDS }, (_, k) => PIECES[(i + k) % PIECES.length]).join(
    ' OR ',
  )
}

const POOL = 2_000

test.describe('a seeded pool', () => {
  test.beforeAll(async ({ api }) => {
    await seedPool(api.database.db, POOL)
  })

  test('security rule 43: more than 8 words is a 400 naming the limit; phrases, exclusions and fields do not count', async ({
    api,
  }) => {
    const user = await api.as('user')
    const search = (q: string) =>
      user.inject('GET', `/api/talents?${new URLSearchParams({ q, limit: '5' })}`)
    const over = await search([...PIECES.slice(0, MAX_SEARCH_WORDS), 'zzz'].join(' OR '))
    expect(over.statusCode).toBe(400)
    expect(over.json()).toMatchObject({ fieldErrors: { q: [SEARCH_WORDS_MESSAGE] } })
    expect(SEARCH_WORDS_MESSAGE).toContain(`at most ${MAX_SEARCH_WORDS} words`)
    const within = await search(
      `${atTheCap(0)} "ann mar" -son level:mid -status:hired tag:x ab OR cd`,
    )
    expect(within.statusCode, within.body).toBe(200)
  })

  test('security rule 43: ten searches at the cap at once leave /api/health and a colleague list answering within 1 s', async ({
    api,
  }) => {
    const user = await api.as('user')
    const colleague = await api.as('otherUser')
    const searches = Array.from({ length: 10 }, (_, i) =>
      user.inject(
        'GET',
        `/api/talents?${new URLSearchParams({ q: atTheCap(i + 1), limit: '50' })}`,
      ),
    )
    // Let them all reach the server before the others arrive.
    await new Promise((resolve) => setImmediate(resolve))
    const timed = async (send: () => Promise<{ statusCode: number }>) => {
      const started = performance.now()
      const { statusCode } = await send()
      return { statusCode, ms: performance.now() - started }
    }
    const [health, list] = await Promise.all([
      timed(() => api.app.inject({ url: '/api/health' })),
      timed(() => colleague.inject('GET', '/api/talents?areaOfInterest=Engineering&limit=50')),
    ])
    const answers = await Promise.all(searches)
    expect(health).toMatchObject({ statusCode: 200 })
    expect(list).toMatchObject({ statusCode: 200 })
    expect(health.ms, 'health waited').toBeLessThanOrEqual(1_000)
    expect(list.ms, 'the list waited').toBeLessThanOrEqual(1_000)
    // Each search is answered, or stopped with the message on a very busy machine; never a 500.
    for (const answer of answers) {
      if (answer.statusCode !== 200) {
        expect(answer.statusCode, answer.body).toBe(503)
        expect(answer.json()).toEqual({ message: STATEMENT_TIMEOUT_MESSAGE })
      }
    }
  })
})

test('security rule 43: a search over STATEMENT_TIMEOUT_MS answers 503 with the message and holds no connection', async () => {
  // Its own app with a limit no search of this pool meets; seeded through a handle without one.
  const t = await createTestApp({ statementTimeoutMs: 20 })
  const seeding = await t.database.openAnother({ statementTimeoutMs: 0 })
  try {
    await seedPool(seeding.db, POOL)
    const { user } = await createTestUser(seeding.db)
    const { token } = await createSession(seeding.db, t.config, user.id)
    const headers = { authorization: `Bearer ${token}` }
    const started = performance.now()
    const slow = await t.app.inject({
      url: `/api/talents?${new URLSearchParams({ q: atTheCap(0), limit: '50' })}`,
      headers,
    })
    expect(slow.statusCode, slow.body).toBe(503)
    expect(slow.json()).toEqual({ message: STATEMENT_TIMEOUT_MESSAGE })
    expect(slow.headers['retry-after']).toBeDefined()
    // Stopped at the limit, not when the search would have ended.
    expect(performance.now() - started).toBeLessThan(5_000)
    if (t.database.engine === 'postgres') {
      // PostgreSQL cancelled the statement: within moments nothing of this app is still running
      // (a statement of the same request that started beside it meets the same limit).
      const activeNow = async () =>
        (
          await rawRows<{ n: number }>(
            seeding.db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
          )
        )[0]?.n
      const deadline = performance.now() + 2_000
      let active = await activeNow()
      while (active !== 0 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        active = await activeNow()
      }
      expect(active).toBe(0)
    }
    const health = await t.app.inject({ url: '/api/health' })
    expect(health.statusCode).toBe(200)
  } finally {
    await seeding.close()
    await t.close()
  }
})
