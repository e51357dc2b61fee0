import { and, isNull, sql, type SQL } from 'drizzle-orm'
import type { RetentionConditionKind } from '#shared/retention.ts'
import type { TalentStatus } from '#shared/talent.ts'
import { talents } from '../../db/schema.ts'

/** What a condition needs of a rule row. */
export type RuleCondition = {
  conditionKind: RetentionConditionKind
  conditionAmount: number
  exemptStatuses: readonly TalentStatus[]
}

/** The start of a UTC day, as a timestamp: rules count whole days in UTC, as the privacy record. */
function dayStart(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone 'UTC')`
}

/**
 * The talents a rule's condition holds for on `day` (YYYY-MM-DD, UTC), before exemptions
 * (security rule 56):
 * - no-activity: not changed (updated_at) for `amount` months before the day
 * - consent-expired: basis consent, valid until more than `amount` days before the day
 * - not-informed: sourced, not informed, added more than `amount` days before the day
 */
export function conditionHolds(rule: RuleCondition, day: string): SQL {
  const amount = rule.conditionAmount
  switch (rule.conditionKind) {
    case 'no-activity':
      return sql`${talents.updatedAt} < ${dayStart(day)} - make_interval(months => ${amount}::int)`
    case 'consent-expired':
      return sql`(${talents.lawfulBasis} = 'consent' AND ${talents.consentValidUntil} < ${day}::date - ${amount}::int)`
    case 'not-informed':
      return sql`(${talents.privacySource} = 'sourced' AND ${talents.informedOn} IS NULL AND ${talents.createdAt} < ${dayStart(day)} - make_interval(days => ${amount}::int))`
  }
}

/**
 * Talents no rule may act on (security rule 56): anonymised already, kept (Keep until on or
 * after `today`: a kept talent is off the list until its review date, then has a whole notice
 * window again), or holding one of the rule's exempt statuses.
 */
export function notExempt(rule: RuleCondition, today: string): SQL {
  const parts: SQL[] = [
    isNull(talents.anonymisedAt),
    sql`(${talents.keepUntil} IS NULL OR ${talents.keepUntil} < ${today}::date)`,
  ]
  if (rule.exemptStatuses.length > 0) {
    const list = sql.join(
      rule.exemptStatuses.map((status) => sql`${status}`),
      sql`, `,
    )
    parts.push(sql`NOT (${talents.status} && ARRAY[${list}]::text[])`)
  }
  return and(...parts) ?? sql`true`
}

/** The talents the rule acts on as of `day` (exemptions as of `today`, the day by default). */
export function ruleMatches(rule: RuleCondition, day: string, today = day): SQL {
  return sql`(${conditionHolds(rule, day)} AND ${notExempt(rule, today)})`
}

/** Talents that count as the pool (an anonymised row is no longer a person). */
export const inPool: SQL = sql`${talents.anonymisedAt} IS NULL`

/** YYYY-MM-DD of `day` plus `days`, in UTC. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
