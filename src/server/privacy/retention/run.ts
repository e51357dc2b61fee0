import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import { retentionConditionText, type RetentionAction } from '#shared/retention.ts'
import { recordActivity } from '../../audit/record.ts'
import type { Db } from '../../db/open.ts'
import { retentionDue, retentionRuns } from '../../db/retention-schema.ts'
import { talents } from '../../db/schema.ts'
import { ConflictError, NotFoundError } from '../../errors.ts'
import type { Job } from '../../jobs/queue.ts'
import { enqueueJob } from '../../jobs/queue.ts'
import { asBackground } from '../../db/statement-priority.ts'
import { scanBatch, type ScrubHints } from '../erasure/batch.ts'
import { eraseLocked, anonymiseLocked, lockForErasure } from '../erasure/erase.ts'
import type { ErasureKeys } from '../erasure/identifiers.ts'
import { recordPrivacyEvent } from '../log/record.ts'
import { ruleMatches } from './condition.ts'
import { refreshAllDue, type RuleRow } from './rules.ts'

/** The job kind of the daily run (security rule 58). */
export const RETENTION_RUN = 'privacy.retention-run'

/** Due talents a run reads at once; each is then acted on in its own transaction. */
const BATCH = 200

const payloadSchema = z.object({ runId: z.number().int(), day: z.string() })

/**
 * Queues the run of `day` unless that day has one already (one run a day, whatever the number
 * of processes or restarts): the run's row and its job are written in one transaction.
 * Returns whether a run was queued.
 */
export async function scheduleRetentionRun(db: Db, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(retentionRuns)
      .values({ day })
      .onConflictDoNothing({ target: retentionRuns.day })
      .returning({ id: retentionRuns.id })
    if (!run) return false
    await enqueueJob(tx, RETENTION_RUN, { runId: run.id, day }, { maxAttempts: 5 })
    return true
  })
}

/** How a talent due under several rules is acted on: erasure wins, then the oldest rule. */
function strongest(rules: RuleRow[]): RuleRow | undefined {
  return [...rules].sort((a, b) => {
    if (a.action !== b.action) return a.action === 'erase' ? -1 : 1
    return a.id - b.id
  })[0]
}

const countKey = (ruleId: number, mode: RetentionAction) => `${ruleId}:${mode}`

/**
 * One talent, all or nothing (security rule 58): locked without waiting (a talent someone is
 * saving right now waits for the next run), checked again (still matching, still due, not kept
 * meanwhile), erased or anonymised, and counted in the run, in one transaction. A crash before
 * the commit leaves the talent untouched and still due; after it, done and counted.
 */
async function actOn(
  db: Db,
  talentId: number,
  rule: RuleRow,
  run: { id: number; day: string },
  keys: ErasureKeys,
  hints: ScrubHints | undefined,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const talent = await lockForErasure(tx, talentId)
      const [still] = await tx
        .select({ id: talents.id })
        .from(talents)
        .innerJoin(retentionDue, eq(retentionDue.talentId, talents.id))
        .where(
          and(
            eq(talents.id, talentId),
            eq(retentionDue.ruleId, rule.id),
            lte(retentionDue.actOn, run.day),
            ruleMatches(rule, run.day),
          ),
        )
      if (!still) return false
      if (rule.action === 'erase') {
        await eraseLocked(tx, talent, {
          erasedById: null,
          reason: `Retention rule #${rule.id}: ${retentionConditionText(rule.conditionKind, rule.conditionAmount)}`,
          keys,
          hints,
        })
      } else {
        await anonymiseLocked(tx, talent, null, hints)
        await tx.delete(retentionDue).where(eq(retentionDue.talentId, talentId))
      }
      const key = countKey(rule.id, rule.action)
      await tx
        .update(retentionRuns)
        .set({
          ruleCounts: sql`${retentionRuns.ruleCounts} || jsonb_build_object(${key}::text, coalesce((${retentionRuns.ruleCounts} ->> ${key}::text)::int, 0) + 1)`,
        })
        .where(eq(retentionRuns.id, run.id))
      return true
    })
  } catch (error) {
    // Another request holds the talent, or it went meanwhile: the next run looks again.
    if (error instanceof ConflictError || error instanceof NotFoundError) return false
    throw error
  }
}

/**
 * The run's last step, once: one privacy-log entry per enabled rule (kind retention-run, the
 * rule, its mode, how many it acted on, 0 included, so every run is on record) and one
 * activity-log entry with the whole result, in the transaction that marks the run finished.
 */
async function finishRun(db: Db, runId: number, day: string, rules: RuleRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(retentionRuns)
      .where(eq(retentionRuns.id, runId))
      .for('update')
    if (run?.finishedAt !== null) return
    const counts = z.record(z.string(), z.number()).parse(run.ruleCounts)
    const acted = new Map<string, { ruleId: number; mode: RetentionAction; count: number }>()
    for (const rule of rules) {
      const key = countKey(rule.id, rule.action)
      acted.set(key, { ruleId: rule.id, mode: rule.action, count: counts[key] ?? 0 })
    }
    for (const [key, count] of Object.entries(counts)) {
      if (acted.has(key)) continue
      const [ruleId, mode] = key.split(':')
      if (mode !== 'erase' && mode !== 'anonymise') continue
      acted.set(key, { ruleId: Number(ruleId), mode, count })
    }
    for (const entry of acted.values()) {
      await recordPrivacyEvent(tx, {
        kind: 'retention-run',
        actorId: null,
        count: entry.count,
        details: { ruleId: entry.ruleId, mode: entry.mode },
      })
    }
    await recordActivity(tx, {
      userId: null,
      action: 'privacy.retention_run',
      entityType: 'talent',
      entityId: null,
      details: { runId, day, acted: [...acted.values()] },
    })
    await tx
      .update(retentionRuns)
      .set({ finishedAt: sql`now()` })
      .where(eq(retentionRuns.id, runId))
  })
}

/** How the run shares the database with requests. */
export type RunPacing = {
  /**
   * The embedded engine answers one statement at a time and holds requests for a whole
   * transaction: each talent's waits until no request's statement is waiting (security rule 43).
   */
  giveWay: boolean
}

/** The batch's people as the pass looks for them: the identifiers erasure redacts. */
async function batchPeople(db: Db, ids: number[]) {
  return db
    .select({
      id: talents.id,
      fullName: talents.fullName,
      email: talents.email,
      phone: talents.phone,
    })
    .from(talents)
    .where(inArray(talents.id, ids))
}

/**
 * The daily run (security rule 58): brings every enabled rule's Due for removal list up to date
 * as of the run's day, acts on each talent whose notice has passed, one transaction each, then
 * logs the result. Resumable: after a crash the job runs again and finds only what is still due.
 * A batch's search of other records for its people is one pass (erasure/batch.ts); each talent's
 * transaction checks what the pass found again.
 */
export function retentionRunJob(db: Db, keys: ErasureKeys, pacing: RunPacing = { giveWay: false }) {
  return async (job: Job): Promise<void> => {
    const { runId, day } = payloadSchema.parse(job.payload)
    const [run] = await db.select().from(retentionRuns).where(eq(retentionRuns.id, runId))
    if (run?.finishedAt !== null) return
    const rules = await refreshAllDue(db, day)
    const byId = new Map(rules.map((rule) => [rule.id, rule]))
    // Background statements (statement-priority.ts) on the embedded engine, as searches are.
    const gently = <T>(work: () => Promise<T>) => (pacing.giveWay ? asBackground(work) : work())
    let after = 0
    for (;;) {
      const batch = await db
        .selectDistinct({ talentId: retentionDue.talentId })
        .from(retentionDue)
        .where(and(lte(retentionDue.actOn, day), gt(retentionDue.talentId, after)))
        .orderBy(asc(retentionDue.talentId))
        .limit(BATCH)
      const last = batch.at(-1)?.talentId
      if (last === undefined) break
      const rows = await db
        .select({ talentId: retentionDue.talentId, ruleId: retentionDue.ruleId })
        .from(retentionDue)
        .where(
          and(
            lte(retentionDue.actOn, day),
            gt(retentionDue.talentId, after),
            lte(retentionDue.talentId, last),
          ),
        )
      const perTalent = new Map<number, RuleRow[]>()
      for (const row of rows) {
        const rule = byId.get(row.ruleId)
        if (rule) perTalent.set(row.talentId, [...(perTalent.get(row.talentId) ?? []), rule])
      }
      const people = await batchPeople(
        db,
        batch.map((row) => row.talentId),
      )
      const hints =
        people.length > 0
          ? await gently(() => scanBatch(db, people))
          : new Map<number, ScrubHints>()
      for (const { talentId } of batch) {
        const rule = strongest(perTalent.get(talentId) ?? [])
        if (!rule) continue
        // Requests waiting meanwhile go first: a turn of the event loop, and on the embedded
        // engine until no request's statement waits (a statement that gives way, then ours).
        await setImmediatePromise()
        if (pacing.giveWay) await gently(() => db.execute(sql`SELECT 1`))
        await actOn(db, talentId, rule, { id: runId, day }, keys, hints.get(talentId))
      }
      after = last
    }
    await finishRun(db, runId, day, rules)
  }
}
