import { z } from 'zod'
import { talentInputSchema } from './talent.ts'

/**
 * 'Import CVs': a stack of CV files (or one zip of them) read on the server, one
 * row per file. The import survives a closed tab; it can be undone as a whole for UNDO_DAYS.
 */
export const CV_IMPORT_MAX_FILES = 200
/** A zip of CVs may be larger than one CV; this bounds the whole upload. */
export const CV_IMPORT_MAX_ZIP_MB = 100
export const CV_IMPORT_UNDO_DAYS = 7

/** What the file picker offers: the CV types and zips (the server decides from the bytes). */
export const CV_IMPORT_ACCEPT = '.pdf,.docx,.odt,.rtf,.txt,.md,.markdown,.zip'

/**
 * queued → reading → created | attached (to a talent with the same e-mail) | needs_review (no
 * e-mail, or the area or level unknown: fixed inline) | failed (with the reason).
 */
export const CV_IMPORT_ITEM_STATES = [
  'queued',
  'reading',
  'created',
  'attached',
  'needs_review',
  'failed',
] as const
export type CvImportItemState = (typeof CV_IMPORT_ITEM_STATES)[number]

/** Rows still in work; every other state is final (until a review creates the talent). */
export const PENDING_ITEM_STATES = ['queued', 'reading'] as const satisfies CvImportItemState[]

export const CV_IMPORT_STATES = ['running', 'done', 'undone'] as const
export type CvImportState = (typeof CV_IMPORT_STATES)[number]

export const TOO_MANY_FILES_MESSAGE = `An import takes up to ${CV_IMPORT_MAX_FILES} files. Split the stack and import the rest next.`
export const NO_IMPORT_FILES_MESSAGE = 'Choose the CV files (or a zip of them) to import.'
export const IMPORT_NOT_FOUND = 'Import not found'
export const IMPORT_ITEM_NOT_REVIEWABLE = 'This file does not need a review.'
export const UNDO_FORBIDDEN = 'Only the person who started this import or an admin can undo it.'
export const UNDO_EXPIRED = `An import can be undone for ${CV_IMPORT_UNDO_DAYS} days; this one is older.`
export const ALREADY_UNDONE = 'This import was already undone.'
export const UNDO_WHILE_RUNNING = 'Wait until every file has been read, then undo the import.'
/** Security rule 45: a file whose job failed for good ends its row 'failed' with this. */
export const cvImportItemFailedMessage = (reason: string) =>
  `This file could not be imported (${reason}). Add the talent by hand.`

export function zipTooLargeMessage(): string {
  return `The zip is larger than the ${CV_IMPORT_MAX_ZIP_MB} MB limit.`
}

const int4Id = z.coerce.number().int().positive().max(2_147_483_647)
export const cvImportParamsSchema = z.strictObject({ id: int4Id })
export const cvImportItemParamsSchema = z.strictObject({ id: int4Id, itemId: int4Id })

const suggestionSchema = z.object({
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  areaOfInterest: z.string().nullable(),
  seniorityLevel: z.string().nullable(),
})
export type CvImportSuggestion = z.infer<typeof suggestionSchema>

export const cvImportItemSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  state: z.enum(CV_IMPORT_ITEM_STATES),
  talentId: z.number().int().nullable(),
  talentName: z.string().nullable(),
  reason: z.string().nullable(),
  /** What was read from the file: the review form starts from it. */
  suggested: suggestionSchema.nullable(),
})
export type CvImportItem = z.infer<typeof cvImportItemSchema>

const personSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
})

export const cvImportSummarySchema = z.object({
  id: z.number().int(),
  state: z.enum(CV_IMPORT_STATES),
  total: z.number().int(),
  done: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: personSchema.nullable(),
  /** Until when Undo works (null once undone). */
  undoUntil: z.iso.datetime({ offset: true }).nullable(),
  counts: z.record(z.enum(CV_IMPORT_ITEM_STATES), z.number().int()),
})
export type CvImportSummary = z.infer<typeof cvImportSummarySchema>

/** GET /api/cv/imports/:id */
export const cvImportSchema = cvImportSummarySchema.extend({
  items: z.array(cvImportItemSchema),
})
export type CvImport = z.infer<typeof cvImportSchema>

export const cvImportCreatedSchema = z.object({ importId: z.number().int() })

/** A 'needs review' row fixed inline: the talent form's own rules (one schema). */
export const cvImportReviewSchema = talentInputSchema.pick({
  fullName: true,
  email: true,
  phone: true,
  linkedinUrl: true,
  areaOfInterest: true,
  seniorityLevel: true,
})
export type CvImportReview = z.infer<typeof cvImportReviewSchema>
export type CvImportReviewValues = z.input<typeof cvImportReviewSchema>

/** POST /api/cv/imports/:id/undo: what went, and what stayed because someone changed it since. */
export const cvImportUndoResultSchema = z.object({
  removedTalents: z.number().int(),
  removedCvs: z.number().int(),
  kept: z.array(z.object({ talentId: z.number().int(), fullName: z.string() })),
})
export type CvImportUndoResult = z.infer<typeof cvImportUndoResultSchema>
