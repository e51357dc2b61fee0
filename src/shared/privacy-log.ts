import { z } from 'zod'

/**
 * The privacy log (security rule 54-55): one entry for every hand-over or removal of personal
 * data and every act that changes what Scout may hold — who did it, when, which talent (by id
 * only) and how many. It never holds a copy of a talent's personal data: no name, e-mail, phone,
 * note or free text, only ids, counts and the words listed here.
 */
export const PRIVACY_EVENT_KINDS = [
  'personal-data-export',
  'erasure',
  'retention-run',
  'notice-sent',
  'consent-change',
  'spreadsheet-export',
] as const
export type PrivacyEventKind = (typeof PRIVACY_EVENT_KINDS)[number]

/** How each kind reads in the Settings table and the CSV. */
export const PRIVACY_EVENT_LABELS: Record<PrivacyEventKind, string> = {
  'personal-data-export': 'Personal data export',
  erasure: 'Erasure',
  'retention-run': 'Retention run',
  'notice-sent': 'Privacy notice sent',
  'consent-change': 'Consent change',
  'spreadsheet-export': 'Spreadsheet export',
}

const count = z.number().int().nonnegative().max(2_147_483_647)
const id = z.number().int().positive().max(2_147_483_647)

/**
 * What an entry may say beyond its kind, talent and count. Strict and enumerated on purpose:
 * a field that could carry text (a reason, a search, a file name) has no place here.
 * - format: the file handed out (`csv`, `xlsx`, `zip`)
 * - scope: a spreadsheet export of a filtered view (`filter`) or of hand-picked talents (`selection`)
 * - requested: how many talents a selection named (the entry's count is how many went out)
 * - ruleId, mode: the retention rule that acted and whether it anonymised or erased
 * - kind: the request a notice made (`notice`, `consent`)
 */
export const privacyEventDetailsSchema = z.strictObject({
  format: z.enum(['csv', 'xlsx', 'zip']).optional(),
  scope: z.enum(['filter', 'selection']).optional(),
  requested: count.optional(),
  ruleId: id.optional(),
  mode: z.enum(['anonymise', 'erase']).optional(),
  request: z.enum(['notice', 'consent']).optional(),
})
export type PrivacyEventDetails = z.infer<typeof privacyEventDetailsSchema>

/** What a feature hands recordPrivacyEvent (the actor is null for the system, e.g. a scheduled run). */
export const privacyEventSchema = z.strictObject({
  kind: z.enum(PRIVACY_EVENT_KINDS),
  actorId: id.nullable(),
  talentId: id.nullable().default(null),
  count: count.nullable().default(null),
  details: privacyEventDetailsSchema.default({}),
})
export type PrivacyEvent = z.input<typeof privacyEventSchema>

/** An entry as GET /api/privacy/log returns it, with the actor's public fields. */
export const privacyLogEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  kind: z.enum(PRIVACY_EVENT_KINDS),
  actor: z
    .object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
    })
    .nullable(),
  talentId: z.number().int().nullable(),
  count: z.number().int().nullable(),
  details: privacyEventDetailsSchema,
})
export type PrivacyLogEntry = z.infer<typeof privacyLogEntrySchema>

export const PRIVACY_LOG_PAGE = 50
export const PRIVACY_LOG_MAX_PAGE = 200
export const PRIVACY_LOG_CURSOR_MESSAGE = 'Invalid cursor'

/**
 * GET /api/privacy/log: newest first, `limit` entries a page; `cursor` is the X-Next-Cursor of
 * the page before. `format=csv` is the whole log as a file (limit and cursor do not apply).
 */
export const privacyLogQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(PRIVACY_LOG_MAX_PAGE).default(PRIVACY_LOG_PAGE),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, PRIVACY_LOG_CURSOR_MESSAGE)
    .transform(Number)
    .refine((value) => value <= 2_147_483_647, PRIVACY_LOG_CURSOR_MESSAGE)
    .optional(),
  format: z.enum(['json', 'csv'], { error: "Format must be 'json' or 'csv'" }).default('json'),
})
export type PrivacyLogQuery = z.infer<typeof privacyLogQuerySchema>

/** The CSV's columns, in order. */
export const PRIVACY_LOG_CSV_HEADERS = [
  'When (UTC)',
  'Who',
  'What',
  'Talent ID',
  'Count',
  'Details',
] as const

/** The Details column and the table's extra line: the enumerated words, never free text. */
export function privacyDetailsText(details: PrivacyEventDetails): string {
  const parts: string[] = []
  if (details.format) parts.push(details.format.toUpperCase())
  if (details.scope === 'selection') parts.push('selection')
  if (details.scope === 'filter') parts.push('filtered view')
  if (details.requested !== undefined) parts.push(`${details.requested} requested`)
  if (details.ruleId !== undefined) parts.push(`rule #${details.ruleId}`)
  if (details.mode) parts.push(details.mode === 'anonymise' ? 'anonymised' : 'erased')
  if (details.request) parts.push(details.request === 'consent' ? 'consent request' : 'notice')
  return parts.join(', ')
}

/**
 * The actor as the log shows them: name and e-mail. Null is the system (a scheduled run) or a
 * user deleted since: the entry outlives them and names nobody (db/schema.ts, actorIdColumn).
 */
export function privacyActorName(actor: PrivacyLogEntry['actor']): string {
  if (actor === null) return 'System or a deleted user'
  const name = [actor.firstName, actor.lastName].filter(Boolean).join(' ')
  return name === '' ? actor.email : `${name} (${actor.email})`
}

/** The personal-data zip's file name: the talent by id only, so the name never names them. */
export function personalDataFileName(talentId: number, now: Date): string {
  return `scout-personal-data-talent-${talentId}-${now.toISOString().slice(0, 10)}.zip`
}

export const PERSONAL_DATA_FORBIDDEN =
  'Only admins and the person who added this talent may export their personal data.'
