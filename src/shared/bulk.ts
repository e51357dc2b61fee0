import { z } from 'zod'
import { TAG_NAME_MAX_LENGTH, TALENT_STATUSES } from './talent.ts'
import { talentListParams, withFieldParams } from './talent-list-query.ts'

/*
 * Bulk actions: one action on a selection of talents — given by id, or as the list's
 * filter ('Select all N matching', the whole filtered result on the server) — in one
 * transaction, undoable for BULK_UNDO_HOURS through its change set.
 */
export const BULK_ACTIONS = ['addTags', 'removeTags', 'setStatus', 'clearStatus', 'delete'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** A selection by id is at most this long; a longer one is sent as the filter it came from. */
export const MAX_BULK_IDS = 100_000
export const BULK_UNDO_HOURS = 24
/** Tags or statuses one action names. */
export const MAX_BULK_NAMES = 20

export const BULK_NO_IDS = 'Select at least one talent.'
export const BULK_TOO_MANY_IDS =
  "A bulk action takes at most 100,000 talents by id. Use a filter ('Select all matching') instead."
export const BULK_ONE_SELECTION = 'Send either ids or a filter, not both.'
export const BULK_NO_SELECTION = 'Send the talents to act on: ids or a filter.'
export const BULK_NOT_FOUND = 'Bulk action not found'
export const BULK_UNDO_FORBIDDEN = 'Only the person who ran a bulk action or an admin can undo it.'

const TALENT_ID_MESSAGE = 'Ids are talent ids (whole numbers).'
const MAX_TALENT_ID = 2_147_483_647
const isTalentId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_TALENT_ID

/**
 * Up to 100,000 talent ids (duplicates dropped), checked in one loop: a zod schema per element
 * took 115-175 ms for 100,000 on a loaded 2-core machine, past security rule 31's 100 ms for a
 * request on the event loop. Bulk actions and the selection's export say "too many" their own way.
 */
export const talentIdsSchema = (tooMany: string) =>
  z
    .array(z.unknown(), { error: 'Ids are a list of talent ids.' })
    .min(1, BULK_NO_IDS)
    .max(MAX_BULK_IDS, tooMany)
    .superRefine((ids, ctx) => {
      const bad = ids.findIndex((id) => !isTalentId(id))
      if (bad >= 0) ctx.addIssue({ code: 'custom', message: TALENT_ID_MESSAGE, path: [bad] })
    })
    .transform((ids) => [...new Set(ids.filter(isTalentId))])
const idsSchema = talentIdsSchema(BULK_TOO_MANY_IDS)

/** The list's query (GET /api/talents) without paging: the whole filtered result. */
export const bulkFilterSchema = withFieldParams(
  talentListParams.omit({ limit: true, cursor: true }),
)
export type BulkFilter = z.infer<typeof bulkFilterSchema>
export type BulkFilterInput = z.input<typeof bulkFilterSchema>

const tagList = z
  .array(z.string().trim().min(1, 'Choose a tag.').max(TAG_NAME_MAX_LENGTH))
  .min(1, 'Choose at least one tag.')
  .max(MAX_BULK_NAMES, `Choose at most ${MAX_BULK_NAMES} tags.`)
  .overwrite((names) => [...new Set(names)])
const statusList = z
  .array(z.enum(TALENT_STATUSES, { error: 'Choose a status from the list.' }))
  .min(1, 'Choose at least one status.')
  .max(TALENT_STATUSES.length)
  .overwrite((values) => [...new Set(values)])

const TAKES_TAGS: readonly BulkAction[] = ['addTags', 'removeTags']
const TAKES_STATUSES: readonly BulkAction[] = ['setStatus', 'clearStatus']

/**
 * POST /api/talents/bulk: one strict object (security rule 14), the payload checked per action:
 * addTags/removeTags take `tags`, setStatus/clearStatus `statuses` (set adds statuses, a talent
 * has a list; clear removes them), delete nothing.
 */
export const bulkRequestSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: `Choose an action: ${BULK_ACTIONS.join(', ')}.` }),
    ids: idsSchema.optional(),
    filter: bulkFilterSchema.optional(),
    payload: z
      .strictObject({ tags: tagList.optional(), statuses: statusList.optional() })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.ids !== undefined && body.filter !== undefined) {
      ctx.addIssue({ code: 'custom', message: BULK_ONE_SELECTION, path: ['ids'] })
    } else if (body.ids === undefined && body.filter === undefined) {
      ctx.addIssue({ code: 'custom', message: BULK_NO_SELECTION, path: ['ids'] })
    }
    const { tags, statuses } = body.payload ?? {}
    if (TAKES_TAGS.includes(body.action) && tags === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Choose at least one tag.',
        path: ['payload', 'tags'],
      })
    }
    if (!TAKES_TAGS.includes(body.action) && tags !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Only addTags and removeTags take tags.',
        path: ['payload', 'tags'],
      })
    }
    if (TAKES_STATUSES.includes(body.action) && statuses === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Choose at least one status.',
        path: ['payload', 'statuses'],
      })
    }
    if (!TAKES_STATUSES.includes(body.action) && statuses !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Only setStatus and clearStatus take statuses.',
        path: ['payload', 'statuses'],
      })
    }
  })
export type BulkRequest = z.infer<typeof bulkRequestSchema>
export type BulkRequestInput = z.input<typeof bulkRequestSchema>

export const bulkResultSchema = z.object({
  bulkId: z.number().int(),
  affected: z.number().int(),
})
export type BulkResult = z.infer<typeof bulkResultSchema>

export const bulkIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

export const bulkListQuerySchema = z.strictObject({
  /** `1`: only the caller's own actions (the 'Recent bulk actions' list). */
  mine: z.enum(['0', '1']).optional(),
})

/** An item of GET /api/bulk: the last BULK_UNDO_HOURS of bulk actions, newest first. */
export const bulkSummarySchema = z.object({
  id: z.number().int(),
  action: z.enum(BULK_ACTIONS),
  /** Tags or statuses the action named (none for delete). */
  names: z.array(z.string()),
  affected: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z
    .object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
    })
    .nullable(),
  /** Until when Undo works; null once undone. */
  undoUntil: z.iso.datetime({ offset: true }).nullable(),
  undoneAt: z.iso.datetime({ offset: true }).nullable(),
})
export type BulkSummary = z.infer<typeof bulkSummarySchema>

/** POST /api/bulk/:id/undo: what came back, and the talents edited since, which keep the edit. */
export const bulkUndoResultSchema = z.object({
  restored: z.number().int(),
  kept: z.array(z.object({ talentId: z.number().int(), fullName: z.string() })),
})
export type BulkUndoResult = z.infer<typeof bulkUndoResultSchema>

/** What a person reads for an action, e.g. in the toast and the recent list. */
export function describeBulk(
  action: BulkAction,
  names: readonly string[],
  affected: number,
): string {
  const talents = `${affected.toLocaleString('en-US')} ${affected === 1 ? 'talent' : 'talents'}`
  const list = names.join(', ')
  switch (action) {
    case 'addTags':
      return `Tagged ${talents} with ${list}`
    case 'removeTags':
      return `Removed ${list} from ${talents}`
    case 'setStatus':
      return `Set ${list} on ${talents}`
    case 'clearStatus':
      return `Cleared ${list} from ${talents}`
    case 'delete':
      return `Deleted ${talents}`
  }
}
