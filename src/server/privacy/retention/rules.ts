import { and, asc, count, eq, sql } from 'drizzle-orm'
import {
  matchesEveryoneMessage,
  RETENTION_PREVIEW_LIMIT,
  RULE_NOT_FOUND,
  type RetentionPreview,
  type RetentionRule,
  type RetentionRuleInput,
  type RetentionRulePatch,
} from '#shared/retention.ts'
import type { Db } from '../../db/open.ts'
import { allowLongStatements } from '../../db/long-statements.ts'
import { retentionDue, retentionRules } from '../../db/retention-schema.ts'
import { talents } from '../../db/schema.ts'
import { BadRequestError, NotFoundError } from '../../errors.ts'
import { addDays, inPool, ruleMatches, type RuleCondition } from './condition.ts'

export type RuleRow = typeof retentionRules.$inferSelect

function toRule(row: RuleRow, dueCount: number): RetentionRule {
  return {
    id: row.id,
    name: row.name,
    condition: { kind: row.conditionKind, amount: row.conditionAmount },
    action: row.action,
    exemptStatuses: row.exemptStatuses,
    noticeDays: row.noticeDays,
    enabled: row.enabled,
    dueCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

async function dueCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ ruleId: retentionDue.ruleId, n: count() })
    .from(retentionDue)
    .groupBy(retentionDue.ruleId)
  return new Map(rows.map((row) => [row.ruleId, row.n]))
}

export async function listRules(db: Db): Promise<RetentionRule[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(retentionRules).orderBy(asc(retentionRules.id)),
    dueCounts(db),
  ])
  return rows.map((row) => toRule(row, counts.get(row.id) ?? 0))
}

async function ruleRow(db: Db, id: number, lock = false): Promise<RuleRow> {
  const query = db.select().from(retentionRules).where(eq(retentionRules.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFoundError(RULE_NOT_FOUND)
  return row
}

/** How many talents the rule acts on as of `day`, and how many are in the pool. */
async function matchCount(db: Db, rule: RuleCondition, day: string) {
  const [row] = await db
    .select({
      matching: sql<number>`count(*) FILTER (WHERE ${ruleMatches(rule, day)})`.mapWith(Number),
      total: count(),
    })
    .from(talents)
    .where(inPool)
  return { matching: row?.matching ?? 0, total: row?.total ?? 0 }
}

/**
 * Security rule 56: a rule that would act on every talent in the pool today is refused with the
 * count, whatever else it says (a condition typed with the wrong unit, a forgotten exemption).
 */
async function refuseMatchingEveryone(db: Db, rule: RuleCondition, day: string): Promise<void> {
  const { matching, total } = await matchCount(db, rule, day)
  if (total > 0 && matching === total) {
    throw new BadRequestError(matchesEveryoneMessage(total), {
      condition: [matchesEveryoneMessage(total)],
    })
  }
}

export async function createRule(
  db: Db,
  input: RetentionRuleInput,
  actorId: number,
  today: string,
): Promise<RetentionRule> {
  return db.transaction(async (tx) => {
    const values = {
      name: input.name,
      conditionKind: input.condition.kind,
      conditionAmount: input.condition.amount,
      action: input.action,
      exemptStatuses: input.exemptStatuses,
      noticeDays: input.noticeDays,
      enabled: input.enabled,
    }
    await refuseMatchingEveryone(tx, values, today)
    const [row] = await tx
      .insert(retentionRules)
      .values({ ...values, createdById: actorId })
      .returning()
    if (!row) throw new Error('retention rule not inserted')
    const due = row.enabled ? await refreshDueForRule(tx, row, today) : 0
    return toRule(row, due)
  })
}

export async function updateRule(
  db: Db,
  id: number,
  patch: RetentionRulePatch,
  today: string,
): Promise<RetentionRule> {
  return db.transaction(async (tx) => {
    const current = await ruleRow(tx, id, true)
    const next = {
      name: patch.name ?? current.name,
      conditionKind: patch.condition?.kind ?? current.conditionKind,
      conditionAmount: patch.condition?.amount ?? current.conditionAmount,
      action: patch.action ?? current.action,
      exemptStatuses: patch.exemptStatuses ?? current.exemptStatuses,
      noticeDays: patch.noticeDays ?? current.noticeDays,
      enabled: patch.enabled ?? current.enabled,
    }
    await refuseMatchingEveryone(tx, next, today)
    const [row] = await tx
      .update(retentionRules)
      .set(next)
      .where(eq(retentionRules.id, id))
      .returning()
    if (!row) throw new NotFoundError(RULE_NOT_FOUND)
    const due = await refreshDueForRule(tx, row, today)
    return toRule(row, due)
  })
}

/** Deleting a rule takes its talents off the Due for removal list (cascade). */
export async function deleteRule(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(retentionRules)
    .where(eq(retentionRules.id, id))
    .returning({ id: retentionRules.id })
  if (deleted.length === 0) throw new NotFoundError(RULE_NOT_FOUND)
}

/** What the rule would act on today: the count, the pool, the first talents (security rule 56). */
export async function previewRule(db: Db, id: number, today: string): Promise<RetentionPreview> {
  const rule = await ruleRow(db, id)
  const [{ matching, total }, rows] = await Promise.all([
    matchCount(db, rule, today),
    db
      .select({ id: talents.id, fullName: talents.fullName, status: talents.status })
      .from(talents)
      .where(and(inPool, ruleMatches(rule, today)))
      .orderBy(asc(talents.id))
      .limit(RETENTION_PREVIEW_LIMIT),
  ])
  return { ruleId: rule.id, count: matching, total, talents: rows }
}

/**
 * Brings the rule's rows of the Due for removal list up to date as of `today` (security rule
 * 57): a talent the rule will act on within its notice days joins, due since today, to be acted
 * on no sooner than today plus the notice; one that no longer matches (edited, kept, a status
 * now exempt) leaves; those already listed keep their dates. A rule switched off lists nobody.
 * Returns how many the rule lists.
 */
export async function refreshDueForRule(tx: Db, rule: RuleRow, today: string): Promise<number> {
  await allowLongStatements(tx)
  if (!rule.enabled) {
    await tx.delete(retentionDue).where(eq(retentionDue.ruleId, rule.id))
    return 0
  }
  const horizon = addDays(today, rule.noticeDays)
  await tx.delete(retentionDue).where(
    and(
      eq(retentionDue.ruleId, rule.id),
      sql`NOT EXISTS (SELECT 1 FROM ${talents} WHERE ${talents.id} = ${retentionDue.talentId}
        AND ${ruleMatches(rule, horizon, today)})`,
    ),
  )
  await tx.execute(sql`
    INSERT INTO retention_due (talent_id, rule_id, due_since, act_on)
    SELECT ${talents.id}, ${rule.id}::int, ${today}::date, ${horizon}::date
    FROM ${talents}
    WHERE ${ruleMatches(rule, horizon, today)}
    ON CONFLICT (talent_id, rule_id) DO NOTHING`)
  const [row] = await tx
    .select({ n: count() })
    .from(retentionDue)
    .where(eq(retentionDue.ruleId, rule.id))
  return row?.n ?? 0
}

/** Every enabled rule's list, as of `today` (the daily run's first step). */
export async function refreshAllDue(db: Db, today: string): Promise<RuleRow[]> {
  const rules = await db.select().from(retentionRules).orderBy(asc(retentionRules.id))
  for (const rule of rules) {
    await db.transaction((tx) => refreshDueForRule(tx, rule, today))
  }
  return rules.filter((rule) => rule.enabled)
}
