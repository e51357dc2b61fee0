import { z } from 'zod'
import { AREAS, TALENT_SINGLE_VALUE_FIELDS, talentSchema } from './talent.ts'

/*
 * Likely duplicates (caught while typing, found across the pool), merges and their undo.
 * One module for the client that shows them and the server that finds and merges them.
 */

/** Rules, strongest first, with the words the UI shows ("Possible duplicate: Dana Reyes — same phone number"). */
export const DUPLICATE_REASONS = [
  'same e-mail',
  'same phone number',
  'same LinkedIn profile',
  'same name and e-mail name',
  'similar name in the same area',
] as const
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number]

const optionalQueryText = (max: number) => z.string().trim().max(max).optional()

/** GET /api/talents/duplicates: what the form holds so far; every field may be missing. */
export const duplicateCheckQuerySchema = z.strictObject({
  email: optionalQueryText(254),
  phone: optionalQueryText(50),
  linkedinUrl: optionalQueryText(2048),
  fullName: optionalQueryText(200),
  areaOfInterest: z.enum(AREAS).optional().catch(undefined),
  /** The talent being edited, never its own duplicate. */
  excludeId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})
export type DuplicateCheckQuery = z.infer<typeof duplicateCheckQuerySchema>

export const duplicateCandidateSchema = z.object({
  talent: talentSchema,
  /** 0–1: the strongest rule's weight, raised a little by each further rule that holds. */
  confidence: z.number(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
})
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>

/** One group on the duplicates page: two or more talents likely to be one person. */
export const duplicateGroupSchema = z.object({
  talents: z.array(talentSchema),
  confidence: z.number(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
})
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>

/** Most groups GET /api/duplicates returns (strongest first); `total` counts them all. */
export const DUPLICATE_GROUPS_LIMIT = 200

/**
 * GET /api/duplicates: the last whole-pool scan's groups (the scan runs in the background), when
 * that scan began (null before the first one), and whether a newer scan is queued or running.
 */
export const duplicateGroupsSchema = z.object({
  total: z.number().int(),
  groups: z.array(duplicateGroupSchema),
  scannedAt: z.iso.datetime({ offset: true }).nullable(),
  scanning: z.boolean(),
})
export type DuplicateGroups = z.infer<typeof duplicateGroupsSchema>

/** POST /api/duplicates/scan: a scan is queued (or already was) and runs in the background. */
export const duplicateScanRequestedSchema = z.object({ scanning: z.literal(true) })

const talentId = z.number().int().positive().max(2_147_483_647)

/** Most talents one merge or one 'Not duplicates' may name. */
export const MAX_MERGE_TALENTS = 10

export const DISMISS_TOO_FEW = 'Choose at least two talents.'
export const dismissDuplicatesSchema = z.strictObject({
  ids: z
    .array(talentId)
    .max(MAX_MERGE_TALENTS, `At most ${MAX_MERGE_TALENTS} talents at once.`)
    .overwrite((ids) => [...new Set(ids)])
    .refine((ids) => ids.length >= 2, DISMISS_TOO_FEW),
})
export type DismissDuplicates = z.infer<typeof dismissDuplicatesSchema>

/** The fields a merge picks one value of; tags and statuses are united, notes kept from all. */
export const MERGE_FIELDS = TALENT_SINGLE_VALUE_FIELDS
export type MergeField = (typeof MERGE_FIELDS)[number]

type MergeCandidate = { id: number; updatedAt: string } & Record<MergeField, unknown>

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/**
 * Per field, the talent whose value a merge keeps unless the person picks
 * another — the most recently updated one that has a value, else the first. The merge page
 * shows these picks; the server falls back to them for a field the request leaves out.
 */
export function defaultMergePicks(talents: MergeCandidate[]): Record<MergeField, number> {
  // Newest first; ISO timestamps (and PostgreSQL's text of them in one time zone) sort as time.
  const newestFirst = [...talents].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
  const first = talents[0]?.id ?? 0
  const pick = (field: MergeField) =>
    newestFirst.find((talent) => !isEmpty(talent[field]))?.id ?? first
  return Object.fromEntries(MERGE_FIELDS.map((field) => [field, pick(field)])) as Record<
    MergeField,
    number
  >
}

export const MERGE_WITH_ITSELF = 'A talent cannot be merged with itself.'
export const MERGE_FIELD_SOURCE = 'Each field must come from one of the talents being merged.'

/** POST /api/merges: `fields` names, per field, the talent whose value the survivor keeps. */
export const mergeInputSchema = z
  .strictObject({
    survivorId: talentId,
    mergedIds: z
      .array(talentId)
      .min(1, 'Choose at least one talent to merge.')
      .max(MAX_MERGE_TALENTS - 1, `At most ${MAX_MERGE_TALENTS} talents at once.`),
    fields: z.partialRecord(z.enum(MERGE_FIELDS), talentId).default({}),
  })
  .superRefine((input, ctx) => {
    const ids = [input.survivorId, ...input.mergedIds]
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['mergedIds'], message: MERGE_WITH_ITSELF })
    }
    for (const [field, id] of Object.entries(input.fields)) {
      if (!ids.includes(id)) {
        ctx.addIssue({ code: 'custom', path: ['fields', field], message: MERGE_FIELD_SOURCE })
      }
    }
  })
export type MergeInput = z.infer<typeof mergeInputSchema>

export const mergeCreatedSchema = z.object({ mergeId: z.number().int() })

// Security rule 36: an id that does not fit its int4 column is a 400, not a database error.
export const mergeIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

/** POST /api/merges/:id/undo: who came back, and what stayed on the survivor because it changed since. */
export const mergeUndoneSchema = z.object({
  restored: z.array(z.object({ id: z.number().int(), fullName: z.string() })),
  kept: z.array(z.object({ field: z.string(), value: z.unknown() })),
})
export type MergeUndone = z.infer<typeof mergeUndoneSchema>

/** Days a merge can be undone from the survivor's History. */
export const MERGE_UNDO_DAYS = 30
