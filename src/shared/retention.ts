import { z } from 'zod'
import { TALENT_STATUSES } from './talent.ts'

/*
 * Retention rules (security rule 56-58): what a rule says, the preview, the Due for removal list
 * and Keep. One schema validates the Settings dialog, the API's bodies and its answers; the
 * messages live here once.
 */

/**
 * What a rule looks for, each with its number:
 * - no-activity: the talent was not changed for `amount` months
 * - consent-expired: the basis is consent and it ran out more than `amount` days ago
 * - not-informed: sourced, and not told they are in the pool within `amount` days of being added
 */
export const RETENTION_CONDITION_KINDS = ['no-activity', 'consent-expired', 'not-informed'] as const
export type RetentionConditionKind = (typeof RETENTION_CONDITION_KINDS)[number]

export const RETENTION_ACTIONS = ['anonymise', 'erase'] as const
export type RetentionAction = (typeof RETENTION_ACTIONS)[number]

export const RETENTION_CONDITION_LABELS: Record<RetentionConditionKind, string> = {
  'no-activity': 'No activity for (months)',
  'consent-expired': 'Consent expired (days ago)',
  'not-informed': 'Sourced and not informed within (days)',
}

export const RETENTION_ACTION_LABELS: Record<RetentionAction, string> = {
  anonymise: 'Anonymise (keeps counts and reports)',
  erase: 'Erase everywhere',
}

/** The unit of each kind's number. */
export const RETENTION_CONDITION_UNITS: Record<RetentionConditionKind, 'months' | 'days'> = {
  'no-activity': 'months',
  'consent-expired': 'days',
  'not-informed': 'days',
}

/** A rule's condition as a sentence: "talents with no activity for 24 months". */
export function retentionConditionText(kind: RetentionConditionKind, amount: number): string {
  switch (kind) {
    case 'no-activity':
      return `No activity for ${amount} ${amount === 1 ? 'month' : 'months'}`
    case 'consent-expired':
      return `Consent expired ${amount} ${amount === 1 ? 'day' : 'days'} ago`
    case 'not-informed':
      return `Sourced and not informed within ${amount} ${amount === 1 ? 'day' : 'days'}`
  }
}

export const DEFAULT_NOTICE_DAYS = 14
export const MAX_CONDITION_MONTHS = 600
export const MAX_CONDITION_DAYS = 36_500
export const MAX_NOTICE_DAYS = 365
/** Talents a preview lists (the count covers them all). */
export const RETENTION_PREVIEW_LIMIT = 50
export const RETENTION_DUE_LIMIT = 500

export const RULE_NAME_REQUIRED = 'Give the rule a name'
export const RULE_NAME_TOO_LONG = 'A rule name must be at most 100 characters'
export const CONDITION_REQUIRED = 'Choose a condition'
export const ACTION_REQUIRED = 'Choose what the rule does: anonymise or erase'
export const CONDITION_AMOUNT_MESSAGE = 'Enter a whole number of days or months, at least 1'
export const CONDITION_MONTHS_TOO_MANY = `At most ${MAX_CONDITION_MONTHS} months`
export const CONDITION_DAYS_TOO_MANY = `At most ${MAX_CONDITION_DAYS} days`
export const NOTICE_DAYS_MESSAGE = `The notice must be 1 to ${MAX_NOTICE_DAYS} days`
export const RULE_NOT_FOUND = 'Retention rule not found'
export const KEEP_REASON_REQUIRED = 'Give a reason to keep this talent'
export const KEEP_REASON_TOO_LONG = 'The reason must be at most 500 characters'
export const KEEP_UNTIL_PAST = 'Keep until must be a date after today'
export const KEEP_UNTIL_INVALID = 'Enter a date as YYYY-MM-DD'
export const NOT_DUE = 'This talent is not due for removal'

/** Refused: a rule that would act on every talent in the pool (security rule 56). */
export function matchesEveryoneMessage(count: number): string {
  return `This rule would act on all ${count.toLocaleString('en-US')} talents in the pool. Narrow its condition or exempt some statuses.`
}

const amount = z
  .number({ error: CONDITION_AMOUNT_MESSAGE })
  .int(CONDITION_AMOUNT_MESSAGE)
  .min(1, CONDITION_AMOUNT_MESSAGE)

/** A rule's condition; a missing or unknown kind is "Choose a condition". */
export const retentionConditionSchema = z
  .object(
    {
      kind: z.enum(RETENTION_CONDITION_KINDS, { error: CONDITION_REQUIRED }),
      amount,
    },
    { error: CONDITION_REQUIRED },
  )
  .strict()
  .superRefine((condition, ctx) => {
    const months = RETENTION_CONDITION_UNITS[condition.kind] === 'months'
    if (months && condition.amount > MAX_CONDITION_MONTHS) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: CONDITION_MONTHS_TOO_MANY })
    }
    if (!months && condition.amount > MAX_CONDITION_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: CONDITION_DAYS_TOO_MANY })
    }
  })
export type RetentionCondition = z.infer<typeof retentionConditionSchema>

const ruleFields = {
  name: z
    .string({ error: RULE_NAME_REQUIRED })
    .trim()
    .min(1, RULE_NAME_REQUIRED)
    .max(100, RULE_NAME_TOO_LONG),
  condition: retentionConditionSchema,
  action: z.enum(RETENTION_ACTIONS, { error: ACTION_REQUIRED }),
  exemptStatuses: z
    .array(z.enum(TALENT_STATUSES, { error: 'Choose statuses from the list' }))
    .max(TALENT_STATUSES.length)
    .default([])
    .transform((statuses) => [...new Set(statuses)]),
  noticeDays: z
    .number({ error: NOTICE_DAYS_MESSAGE })
    .int(NOTICE_DAYS_MESSAGE)
    .min(1, NOTICE_DAYS_MESSAGE)
    .max(MAX_NOTICE_DAYS, NOTICE_DAYS_MESSAGE)
    .default(DEFAULT_NOTICE_DAYS),
  enabled: z.boolean().default(false),
}

/** POST /api/privacy/rules and the add dialog. A new rule is off until switched on. */
export const retentionRuleInputSchema = z.strictObject(ruleFields)
export type RetentionRuleInput = z.infer<typeof retentionRuleInputSchema>
export type RetentionRuleFormValues = z.input<typeof retentionRuleInputSchema>

/** PATCH /api/privacy/rules/:id: any of the fields; switching on is `{ enabled: true }`. */
export const retentionRulePatchSchema = z
  .strictObject({
    name: ruleFields.name.optional(),
    condition: retentionConditionSchema.optional(),
    action: ruleFields.action.optional(),
    exemptStatuses: ruleFields.exemptStatuses.optional(),
    noticeDays: ruleFields.noticeDays.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change')
export type RetentionRulePatch = z.infer<typeof retentionRulePatchSchema>

export const retentionRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  condition: z.object({ kind: z.enum(RETENTION_CONDITION_KINDS), amount: z.number().int() }),
  action: z.enum(RETENTION_ACTIONS),
  exemptStatuses: z.array(z.enum(TALENT_STATUSES)),
  noticeDays: z.number().int(),
  enabled: z.boolean(),
  /** Talents on the Due for removal list under this rule. */
  dueCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type RetentionRule = z.infer<typeof retentionRuleSchema>
export const retentionRuleListSchema = z.array(retentionRuleSchema)

export const retentionRuleParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

/** A talent a preview or the due list names: the talent's own number and name, for admins. */
const listedTalentSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  status: z.array(z.string()),
})

/** GET /api/privacy/rules/:id/preview: what the rule would act on today. */
export const retentionPreviewSchema = z.object({
  ruleId: z.number().int(),
  /** Talents the rule would act on today. */
  count: z.number().int(),
  /** Talents in the pool (anonymised ones not counted). */
  total: z.number().int(),
  talents: z.array(listedTalentSchema),
})
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>

/** GET /api/privacy/due: one row per talent and rule, soonest first. */
export const retentionDueEntrySchema = z.object({
  talent: listedTalentSchema,
  ruleId: z.number().int(),
  ruleName: z.string(),
  action: z.enum(RETENTION_ACTIONS),
  dueSince: z.string(),
  actOn: z.string(),
})
export type RetentionDueEntry = z.infer<typeof retentionDueEntrySchema>
export const retentionDueListSchema = z.array(retentionDueEntrySchema)

const isoDay = z
  .string({ error: KEEP_UNTIL_INVALID })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, KEEP_UNTIL_INVALID)
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v)
  }, KEEP_UNTIL_INVALID)

/**
 * POST /api/privacy/due/:talentId/keep: the reason (kept on the talent, never in the privacy log)
 * and the next review date, after today (the server checks it against its own today).
 */
export const keepInputSchema = z.strictObject({
  reason: z
    .string({ error: KEEP_REASON_REQUIRED })
    .trim()
    .min(1, KEEP_REASON_REQUIRED)
    .max(500, KEEP_REASON_TOO_LONG),
  until: isoDay,
})
export type KeepInput = z.infer<typeof keepInputSchema>

export const keepResultSchema = z.object({
  talentId: z.number().int(),
  keepUntil: z.string(),
  message: z.string(),
})
export const KEPT_MESSAGE = 'Talent kept until the new review date'

export const dueParamsSchema = z.strictObject({
  talentId: z.coerce.number().int().positive().max(2_147_483_647),
})
