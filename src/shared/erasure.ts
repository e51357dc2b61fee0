import { z } from 'zod'

/*
 * Erasing a person everywhere (security rule 50-52): what the Erase dialog and
 * POST /api/talents/:id/erase send, what stays (an erasure record of hashed identifiers only,
 * GET /api/erasures), and the warning a re-entry of the same person meets.
 */

export const ERASE_REASON_REQUIRED = 'Give a reason for the erasure'
export const ERASE_FORBIDDEN = 'You can only erase talents you added.'
export const ERASE_BUSY =
  'Someone else is changing this talent right now. Nothing was erased; try again in a moment.'
export const ERASED_MESSAGE = 'Talent erased'

/** POST /api/talents/:id/erase. `updatedAt`, when given, is the version the eraser looked at. */
export const eraseInputSchema = z.strictObject({
  reason: z
    .string({ error: ERASE_REASON_REQUIRED })
    .trim()
    .min(1, ERASE_REASON_REQUIRED)
    .max(500, 'The reason must be at most 500 characters'),
  updatedAt: z.iso.datetime({ offset: true }).optional(),
})
export type EraseInput = z.infer<typeof eraseInputSchema>

export const eraseResultSchema = z.object({
  message: z.string(),
  erasureId: z.number().int(),
})
export type EraseResult = z.infer<typeof eraseResultSchema>

/** One erasure record: no name, no e-mail, no phone — only their keyed hashes. */
export const erasureRecordSchema = z.object({
  id: z.number().int(),
  erasedAt: z.iso.datetime({ offset: true }),
  erasedBy: z.string().nullable(),
  reason: z.string(),
  emailHash: z.string().nullable(),
  phoneHash: z.string().nullable(),
})
export type ErasureRecord = z.infer<typeof erasureRecordSchema>
export const erasureListSchema = z.array(erasureRecordSchema)

/** The day an erasure happened, as the warning shows it (YYYY-MM-DD, unambiguous everywhere). */
export function erasedOnText(erasedAt: Date | string): string {
  return new Date(erasedAt).toISOString().slice(0, 10)
}

/** The warning a form, a CV import or a spreadsheet import shows for an erased person. */
export function erasedPersonMessage(erasedAt: Date | string): string {
  return `This person asked to be erased on ${erasedOnText(erasedAt)}`
}

/** Starts every such warning: the client tells it from other 409s by this. */
export const ERASED_PERSON_PREFIX = 'This person asked to be erased on '
