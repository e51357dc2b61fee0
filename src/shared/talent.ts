import { z } from 'zod'
import { cvSummarySchema } from './cv.ts'
import { privacyRecordInputSchema } from './privacy.ts'
import { talentMatchSchema } from './search/talent-match.ts'

// spec section 9: business constants. They drive the zod enums below and the form's selects.
export const AREAS = [
  'Science',
  'Engineering',
  'Health',
  'Education',
  'Social Sciences',
  'Law & Ethics',
  'Design',
  'Arts & Culture',
  'Media & Communication',
  'Policy & Governance',
  'Economics & Business',
  'Environment & Sustainability',
  'Entrepreneurship & Innovation',
] as const
export type Area = (typeof AREAS)[number]

export const SENIORITY_LEVELS = ['intern', 'junior', 'mid', 'senior', 'exec'] as const
export type SeniorityLevel = (typeof SENIORITY_LEVELS)[number]

export const TALENT_STATUSES = [
  'Interview Scheduled',
  'Interviewed',
  'Pending Feedback',
  'Hired',
  'Needs Updating',
  'Shortlisted',
  'Open for Hiring',
] as const
export type TalentStatus = (typeof TALENT_STATUSES)[number]

/** The fields after the name on a talent's form that hold one value each. */
export const TALENT_DETAIL_FIELDS = [
  'email',
  'phone',
  'linkedinUrl',
  'cvResumePath',
  'areaOfInterest',
  'seniorityLevel',
] as const

/** A talent's fields with one value each, in the form's order: a merge picks one of each. */
export const TALENT_SINGLE_VALUE_FIELDS = ['fullName', ...TALENT_DETAIL_FIELDS] as const

/** Every field a person writes on a talent, in the form's order (the adder is not theirs to set). */
export const TALENT_FIELDS = [...TALENT_SINGLE_VALUE_FIELDS, 'tags', 'status', 'notes'] as const

export const DEFAULT_TAGS = [
  'High Potential',
  'Needs Follow-Up',
  'Interviewed',
  'Management Track',
] as const

// spec section 4: names hidden from the tag picker. A talent tagged 'Needs Updating' counts in
// the Needs Updating card.
export const SYSTEM_TAGS = [
  'Interview Scheduled',
  'Interviewed',
  'Needs Updating',
  'Pending Feedback',
  'Shortlisted',
  'Hired',
  'Open for Hiring',
  'Needs Follow-Up',
] as const

export const NEEDS_UPDATING_TAG = 'Needs Updating'

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'name_asc', label: 'Name A-Z' },
  { value: 'name_desc', label: 'Name Z-A' },
  { value: 'area_asc', label: 'Area of Interest A-Z' },
  { value: 'area_desc', label: 'Area of Interest Z-A' },
] as const
export const SORT_VALUES = [
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'area_asc',
  'area_desc',
] as const
export type TalentSort = (typeof SORT_VALUES)[number]

/** Largest page a client may ask for with `limit`. */
export const MAX_PAGE_SIZE = 200
export const TAG_NAME_MAX_LENGTH = 50
export const MAX_TAGS_PER_TALENT = 50

/** True for absolute http(s) URLs only (security rule 20: no javascript: or data: links). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    // Not a URL at all: the answer is simply no.
    return false
  }
}

/**
 * A path on this server: starts with one '/', and nothing a browser would read
 * as another host — browsers treat '\\' as '/', drop tabs and newlines, and some decode %5C/%2F —
 * so '/\\evil.example', '/\t/evil.example' and '/%5Cevil.example' are all refused.
 */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.includes('\\')) return false
  const hasControl = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  if (hasControl) return false
  const second = value.slice(1, 4).toLowerCase()
  return !second.startsWith('/') && !second.startsWith('%5c') && !second.startsWith('%2f')
}

/** Keeps the first spelling of each name, comparing case-insensitively. */
function dedupeCaseInsensitive(names: string[]): string[] {
  const seen = new Set<string>()
  return names.filter((name) => {
    const key = name.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Custom fields an admin may define at most (security rule 66; shared/fields.ts). */
export const MAX_CUSTOM_FIELDS = 50

/**
 * `customFields` in a talent body: keys and a bound on their number. What each value must be
 * depends on the definitions: the server checks it with customFieldsSchema (shared/fields.ts).
 */
export const customFieldsInputSchema = z
  .record(z.string().max(40), z.unknown())
  .refine((v) => Object.keys(v).length <= MAX_CUSTOM_FIELDS, 'Too many custom fields')

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional()

// spec section 5, talent form: messages verbatim. Strict objects refuse unknown keys (security rule 14).
const talentFields = {
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(2, 'Full name is required')
    .max(200, 'Full name must be at most 200 characters'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  phone: optionalText(50),
  linkedinUrl: z
    .string()
    .trim()
    .max(2048, 'Invalid URL')
    .refine((v) => v === '' || isHttpUrl(v), 'Invalid URL')
    .nullable()
    .optional(),
  // A link the detail view renders as 'Download' (spec section 2): an http(s) URL or a path on
  // this server, never a javascript: URL (security rule 20).
  cvResumePath: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || isHttpUrl(v) || isSameOriginPath(v), 'Invalid URL')
    .nullable()
    .optional(),
  areaOfInterest: z.enum(AREAS),
  seniorityLevel: z.enum(SENIORITY_LEVELS),
  notes: optionalText(10_000),
  tags: z
    .array(z.string().trim().min(1).max(TAG_NAME_MAX_LENGTH))
    .max(MAX_TAGS_PER_TALENT, `A talent can have at most ${MAX_TAGS_PER_TALENT} tags`)
    .overwrite(dedupeCaseInsensitive),
  status: z.array(z.enum(TALENT_STATUSES)).overwrite((v) => [...new Set(v)]),
  // Set by the server to the signed-in user; a body naming someone else is refused (security rule 14).
  addedById: z.number().int().positive().optional(),
  /** Custom field values by key; absent on an edit, the stored ones stay (null clears one). */
  customFields: customFieldsInputSchema.optional(),
}

/** POST /api/talents and the add form. */
export const talentInputSchema = z.strictObject({
  ...talentFields,
  tags: talentFields.tags.default([]),
  status: talentFields.status.default([]),
  /** 'Add from CV': the upload (POST /api/cv/parse) to attach as the talent's CV. */
  cvFileId: z.number().int().positive().max(2_147_483_647).optional(),
  /**
   * The privacy record (security rule 49); absent, the form's default (source `sourced`,
   * legitimate interest) is written.
   */
  privacy: privacyRecordInputSchema.optional(),
  /**
   * Security rule 52: the person was erased before and whoever adds them again saw the warning
   * and confirmed. Without it such a create is refused with 409 and the warning.
   */
  confirmErased: z.literal(true).optional(),
})
export type TalentInput = z.infer<typeof talentInputSchema>
export type TalentFormValues = z.input<typeof talentInputSchema>

/**
 * PUT /api/talents/:id. The spec's client sends neither status nor cvResumePath (spec section 7),
 * so an absent optional field keeps its stored value; null or '' clears it. `updatedAt` is the
 * version the edit was based on (security rule 27): a stale one is refused with 409.
 */
export const talentUpdateSchema = z.strictObject({
  ...talentFields,
  tags: talentFields.tags.optional(),
  status: talentFields.status.optional(),
  updatedAt: z.iso.datetime({ offset: true }).optional(),
})
export type TalentUpdate = z.infer<typeof talentUpdateSchema>

/** A talent as the API returns it (spec section 3), with the adder's public fields. */
export const talentSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  cvResumePath: z.string().nullable(),
  areaOfInterest: z.enum(AREAS),
  seniorityLevel: z.enum(SENIORITY_LEVELS),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.array(z.enum(TALENT_STATUSES)),
  addedById: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  addedByUser: z
    .object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
      /** spec section 6: 'Edit Profile' shows to all on talents the default admin account added. */
      isDefaultAdmin: z.boolean(),
    })
    .nullable(),
  /** The current CV, or null. */
  cv: cvSummarySchema.nullable(),
  /** Custom field values by key: only the fields the caller may see (security rule 65). */
  customFields: z.record(z.string(), z.unknown()),
  /**
   * In GET /api/talents only — why the talent matched `q`, or null without one. Other
   * routes (detail, create, edit) leave it out.
   */
  match: talentMatchSchema.nullable().optional(),
})
export type Talent = z.infer<typeof talentSchema>

/** GET /api/talents/stats: the four dashboard cards (spec section 2), for the whole pool. */
export const talentStatsSchema = z.object({
  total: z.number().int(),
  addedByYou: z.number().int(),
  newThisMonth: z.number().int(),
  needsUpdating: z.number().int(),
})
export type TalentStats = z.infer<typeof talentStatsSchema>

// ids are PostgreSQL integers: a larger number is a 400, never a driver error (found by fuzzing).
export const talentIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})
