import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { retentionRuleListSchema } from '#shared/retention.ts'
import { acquireDataDirLock } from '#server/data-dir-lock.ts'
import { openDatabase, type OpenDatabase } from '#server/db/open.ts'
import { rawRows } from '#server/db/raw-rows.ts'
import { activityLog, talents } from '#server/db/schema.ts'
import { retentionDue, retentionRules } from '#server/db/retention-schema.ts'
import { bearer, signIn } from './support/api.ts'
import { startScout, type ScoutProcess } from './support/scout-process.ts'

// Security rule 58: kill -9 during a retention run that erases 1,000 talents. At the kill each
// talent is either untouched (every field, still due) or fully erased (no row, one erasure
// record, History values gone, off the list); after the restart the job resumes, erases the rest
// and logs the run once, with the whole count.
const TALENTS = 1000
/** The server dies once fewer than this many are still due. */
const KILL_BELOW = 850
const DOMAIN = 'kill-retention.test'

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const yesterday = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10)

async function withDatabase<T>(dataDir: string, work: (db: OpenDatabase['db']) => Promise<T>) {
  const lock = acquireDataDirLock(dataDir)
  const database = await openDatabase({ engine: 'pglite', dataDir })
  try {
    await database.migrate()
    return await work(database.db)
  } finally {
    await database.close()
    lock.release()
  }
}

/** 1,000 talents whose consent ran out in 2020, each with a History entry naming them. */
async function seed(dataDir: string) {
  await withDatabase(dataDir, async (db) => {
    const ids: number[] = []
    for (let start = 0; start < TALENTS; start += 250) {
      const rows = await db
        .insert(talents)
        .values(
          Array.from({ length: 250 }, (_, k) => ({
            fullName: `Retained Person ${start + k}`,
            email: `person${start + k}@${DOMAIN}`,
            phone: `+1 415 555 ${String(start + k).padStart(4, '0')}`,
            notes: `Met at the fair, person ${start + k}`,
            areaOfInterest: 'Science' as const,
            seniorityLevel: 'mid' as const,
            lawfulBasis: 'consent' as const,
            consentGivenOn: '2019-01-01',
            consentValidUntil: '2020-01-01',
          })),
        )
        .returning({ id: talents.id })
      ids.push(...rows.map((row) => row.id))
    }
    await db.insert(talents).values({
      fullName: 'Not Concerned',
      email: `other@${DOMAIN}`,
      areaOfInterest: 'Science',
      seniorityLevel: 'mid',
    })
    await db.insert(activityLog).values(
      ids.map((id, i) => ({
        userId: null,
        action: 'talent.created',
        entityType: 'talent',
        entityId: id,
        details: { fullName: `Retained Person ${i}`, email: `person${i}@${DOMAIN}` },
      })),
    )
    const [rule] = await db
      .insert(retentionRules)
      .values({
        name: 'Consent expired',
        conditionKind: 'consent-expired',
        conditionAmount: 30,
        action: 'erase',
        enabled: true,
      })
      .returning({ id: retentionRules.id })
    if (!rule) throw new Error('no rule')
    // Listed a fortnight ago: today's run acts on every one of them.
    await db.insert(retentionDue).values(
      ids.map((talentId) => ({
        talentId,
        ruleId: rule.id,
        dueSince: '2020-02-01',
        actOn: yesterday(),
      })),
    )
  })
}

async function dueCount(server: ScoutProcess, token: string): Promise<number> {
  const response = await fetch(`${server.url}/api/privacy/rules`, { headers: bearer(token) })
  if (!response.ok) throw new Error(`GET rules answered ${response.status}`)
  return retentionRuleListSchema.parse(await response.json())[0]?.dueCount ?? 0
}

async function runLogged(server: ScoutProcess, token: string): Promise<boolean> {
  const response = await fetch(`${server.url}/api/privacy/log`, { headers: bearer(token) })
  if (!response.ok) throw new Error(`GET privacy log answered ${response.status}`)
  const entries = (await response.json()) as { kind: string }[]
  return entries.some((entry) => entry.kind === 'retention-run')
}

type Seen = {
  id: number
  full_name: string | null
  notes: string | null
  due: number
  erased: number
  named: number
}

/** Every seeded talent, by e-mail index, as the data folder holds it now. */
async function inspect(dataDir: string) {
  return withDatabase(dataDir, async (db) => {
    const records = await rawRows<{ talent_id: number }>(db, sql`select talent_id from erasures`)
    const erasedIds = new Set(records.map((r) => r.talent_id))
    const rows = await rawRows<Seen>(
      db,
      sql`select a.entity_id as id, t.full_name, t.notes,
                 (select count(*)::int from retention_due d where d.talent_id = a.entity_id) as due,
                 (select count(*)::int from erasures e where e.talent_id = a.entity_id) as erased,
                 (select count(*)::int from activity_log l where l.entity_id = a.entity_id
                    and l.details::text like ${`%${DOMAIN}%`}) as named
            from activity_log a left join talents t on t.id = a.entity_id
            where a.action = 'talent.created'`,
    )
    const log = await rawRows<{ count: number; details: unknown }>(
      db,
      sql`select count, details from privacy_log where kind = 'retention-run'`,
    )
    return { rows, erasedIds, log }
  })
}

test(`security rule 58: kill -9 during a retention run of ${TALENTS} erasures: each talent untouched or fully erased, and the run resumes`, async ({
  annotate,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scout-faults-retention-'))
  try {
    await seed(dataDir)
    let server = await startScout({ dataDir })
    const token = await signIn(server.url)
    // The schedule queues today's run a few seconds after start; the job erases one by one.
    let due = TALENTS
    const deadline = Date.now() + 120_000
    while (due >= KILL_BELOW && Date.now() < deadline) {
      await delay(30)
      due = await dueCount(server, token)
    }
    await server.kill9()
    expect(due, 'the run ended before the kill').toBeGreaterThan(0)
    expect(due).toBeLessThan(KILL_BELOW)

    const atKill = await inspect(dataDir)
    expect(atKill.rows).toHaveLength(TALENTS)
    const untouched = atKill.rows.filter(
      (r) =>
        r.full_name !== null &&
        r.notes?.startsWith('Met at the fair') &&
        r.due === 1 &&
        r.erased === 0 &&
        r.named === 1,
    )
    const erased = atKill.rows.filter(
      (r) => r.full_name === null && r.due === 0 && r.erased === 1 && r.named === 0,
    )
    // Nothing in between: every talent is in exactly one of the two states.
    expect(untouched.length + erased.length).toBe(TALENTS)
    expect(erased.length).toBeGreaterThan(0)
    expect(untouched.length).toBeGreaterThan(0)
    expect(atKill.log).toEqual([])

    server = await startScout({ dataDir })
    const again = await signIn(server.url)
    // Resumed: done once the run's last step has logged it (after its last talent).
    const until = Date.now() + 600_000
    while (!(await runLogged(server, again)) && Date.now() < until) await delay(200)
    await server.stop()

    const final = await inspect(dataDir)
    expect(
      final.rows.filter((r) => r.full_name !== null || r.erased !== 1 || r.named !== 0),
    ).toEqual([])
    expect(final.log).toEqual([{ count: TALENTS, details: { ruleId: 1, mode: 'erase' } }])
    const left = await withDatabase(dataDir, (db) =>
      rawRows<{ email: string }>(
        db,
        sql`select email from talents where email like ${`%@${DOMAIN}`}`,
      ),
    )
    expect(left).toEqual([{ email: `other@${DOMAIN}` }])
    await annotate(
      `killed with ${due} of ${TALENTS} still due (${erased.length} erased); after the restart all ${TALENTS} erased, logged once`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  // Each erasure scrubs every copy of the person (erasure/scrub.ts): on a loaded machine the
  // thousand took minutes.
}, 900_000)
