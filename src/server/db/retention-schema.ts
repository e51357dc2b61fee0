import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { RETENTION_ACTIONS, RETENTION_CONDITION_KINDS } from '#shared/retention.ts'
import { TALENT_STATUSES } from '#shared/talent.ts'
import { actorIdColumn, talents, timestamps } from './schema.ts'

/**
 * Retention rules (security rule 56-58, privacy/retention/): a condition (its kind and a number
 * of days or months), what the daily run does (anonymise or erase), the statuses that exempt a
 * talent, and how many days a talent stays on the Due for removal list before it is acted on.
 */
export const retentionRules = pgTable('retention_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  conditionKind: text('condition_kind', { enum: RETENTION_CONDITION_KINDS }).notNull(),
  conditionAmount: integer('condition_amount').notNull(),
  action: text('action', { enum: RETENTION_ACTIONS }).notNull(),
  exemptStatuses: text('exempt_statuses', { enum: TALENT_STATUSES })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(false),
  noticeDays: integer('notice_days').notNull().default(14),
  createdById: actorIdColumn('created_by_id'),
  ...timestamps,
})

/**
 * Who is due for removal under which rule (security rule 57): the day the talent first matched
 * the rule's condition notice_days ahead, and the day the run may act, never sooner than that
 * many days later. A Keep, an edit that ends the match, or the rule switched off removes the row.
 */
export const retentionDue = pgTable(
  'retention_due',
  {
    talentId: integer('talent_id')
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => retentionRules.id, { onDelete: 'cascade' }),
    dueSince: date('due_since', { mode: 'string' }).notNull(),
    actOn: date('act_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.talentId, t.ruleId] }),
    index('retention_due_act_on_idx').on(t.actOn),
  ],
)

/**
 * One row per daily run (security rule 58): its day (one run a day), how many talents each rule
 * acted on (counted in each talent's own transaction, so a resumed run adds up), and when it
 * finished and wrote its log entries.
 */
export const retentionRuns = pgTable('retention_runs', {
  id: serial('id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull().unique(),
  ruleCounts: jsonb('rule_counts').notNull().default({}),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  ...timestamps,
})
