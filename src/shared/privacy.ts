import { z } from 'zod'

/*
 * A talent's privacy record (security rule 49): why Scout holds the person and what they were
 * told. One schema validates the Privacy tab's form, PUT /api/talents/:id/privacy, the talent
 * form's and the imports' privacy part, and the answer; its messages live here once.
 */

/** How the person came into the pool. `other` takes a few words of its own (sourceDetail). */
export const PRIVACY_SOURCES = [
  'applied',
  'referred',
  'sourced',
  'imported',
  'event',
  'other',
] as const
export type PrivacySource = (typeof PRIVACY_SOURCES)[number]

/** The lawful basis the company holds the person's data on (GDPR Art. 6). */
export const LAWFUL_BASES = ['consent', 'legitimate interest', 'contract'] as const
export type LawfulBasis = (typeof LAWFUL_BASES)[number]

export const SOURCE_LABELS: Record<PrivacySource, string> = {
  applied: 'Applied',
  referred: 'Referred',
  sourced: 'Sourced',
  imported: 'Imported',
  event: 'Event',
  other: 'Other',
}

export const LAWFUL_BASIS_LABELS: Record<LawfulBasis, string> = {
  consent: 'Consent',
  'legitimate interest': 'Legitimate interest',
  contract: 'Contract',
}

/**
 * The record a talent gets on each way in when nobody chose (docs/architecture.md "Privacy"):
 * added by hand through the form = someone found them (`sourced`); a CV import or a spreadsheet
 * import = `imported` (the files say nothing of how they were obtained). Existing talents were
 * migrated to `other` / legitimate interest / not informed (migration 0030).
 */
export const FORM_DEFAULT_SOURCE: PrivacySource = 'sourced'
export const IMPORT_DEFAULT_SOURCE: PrivacySource = 'imported'
export const DEFAULT_LAWFUL_BASIS: LawfulBasis = 'legitimate interest'

/** `consent:expiring` looks this many days ahead. */
export const CONSENT_EXPIRING_DAYS = 30

export const CONSENT_IN_FUTURE = 'Consent cannot be given on a future date'
export const VALID_BEFORE_GIVEN = 'Valid until must be on or after the date consent was given'
export const CONSENT_DATES_NEED_CONSENT =
  'Consent dates apply only when the lawful basis is consent'
export const INFORMED_IN_FUTURE = 'Informed on cannot be a future date'
export const INVALID_DATE = 'Enter a date as YYYY-MM-DD'
export const CHOOSE_SOURCE = 'Choose a source'
export const CHOOSE_LAWFUL_BASIS = 'Choose a lawful basis'

/** A calendar day, YYYY-MM-DD, that exists ('2025-02-30' is refused). */
const day = z
  .string({ error: INVALID_DATE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v)
  }, INVALID_DATE)

/** An optional day: '' or null is no date. */
const optionalDay = z
  .union([z.literal(''), day])
  .nullable()
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v))

/** Today as YYYY-MM-DD in UTC: the day the server compares with (a day ahead of UTC is allowed). */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/**
 * A day after today, with a day's slack for time zones east of UTC. A value that is no day at
 * all ('31/12/2024') is not compared: its own message says so, once.
 */
function isFuture(value: string, now = new Date()): boolean {
  const tomorrow = new Date(now.getTime() + 24 * 3600 * 1000)
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value > todayIso(tomorrow)
}

const recordFields = {
  source: z.enum(PRIVACY_SOURCES, { error: CHOOSE_SOURCE }),
  sourceDetail: z
    .string()
    .trim()
    .max(200, 'Source details must be at most 200 characters')
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  lawfulBasis: z.enum(LAWFUL_BASES, { error: CHOOSE_LAWFUL_BASIS }),
  consentGivenOn: optionalDay,
  consentValidUntil: optionalDay,
  informedOn: optionalDay,
}

/** PUT /api/talents/:id/privacy, the Privacy tab's form, and the privacy part of other ways in. */
export const privacyRecordInputSchema = z.strictObject(recordFields).superRefine((record, ctx) => {
  const isConsent = record.lawfulBasis === 'consent'
  for (const key of ['consentGivenOn', 'consentValidUntil'] as const) {
    if (!isConsent && record[key] !== null) {
      ctx.addIssue({ code: 'custom', path: [key], message: CONSENT_DATES_NEED_CONSENT })
    }
  }
  if (record.consentGivenOn !== null && isFuture(record.consentGivenOn)) {
    ctx.addIssue({ code: 'custom', path: ['consentGivenOn'], message: CONSENT_IN_FUTURE })
  }
  if (
    record.consentGivenOn !== null &&
    record.consentValidUntil !== null &&
    record.consentValidUntil < record.consentGivenOn
  ) {
    ctx.addIssue({ code: 'custom', path: ['consentValidUntil'], message: VALID_BEFORE_GIVEN })
  }
  if (record.informedOn !== null && isFuture(record.informedOn)) {
    ctx.addIssue({ code: 'custom', path: ['informedOn'], message: INFORMED_IN_FUTURE })
  }
})
export type PrivacyRecordInput = z.infer<typeof privacyRecordInputSchema>
export type PrivacyRecordFormValues = z.input<typeof privacyRecordInputSchema>

/** GET/PUT /api/talents/:id/privacy answer. */
export const privacyRecordSchema = z.object({
  talentId: z.number().int(),
  source: z.enum(PRIVACY_SOURCES),
  sourceDetail: z.string().nullable(),
  lawfulBasis: z.enum(LAWFUL_BASES),
  consentGivenOn: z.string().nullable(),
  consentValidUntil: z.string().nullable(),
  informedOn: z.string().nullable(),
  /** Derived for display: consent basis with valid-until before today / within 30 days. */
  consentState: z.enum(['none', 'valid', 'expiring', 'expired']),
})
export type PrivacyRecord = z.infer<typeof privacyRecordSchema>

export function consentState(
  record: Pick<PrivacyRecord, 'lawfulBasis' | 'consentValidUntil'>,
  now = new Date(),
): PrivacyRecord['consentState'] {
  if (record.lawfulBasis !== 'consent' || record.consentValidUntil === null) return 'none'
  const today = todayIso(now)
  if (record.consentValidUntil < today) return 'expired'
  const soon = todayIso(new Date(now.getTime() + CONSENT_EXPIRING_DAYS * 24 * 3600 * 1000))
  return record.consentValidUntil <= soon ? 'expiring' : 'valid'
}

/** The record a way in writes when the person chose nothing. */
export function defaultPrivacyRecord(source: PrivacySource): PrivacyRecordInput {
  return {
    source,
    sourceDetail: null,
    lawfulBasis: DEFAULT_LAWFUL_BASIS,
    consentGivenOn: null,
    consentValidUntil: null,
    informedOn: null,
  }
}
