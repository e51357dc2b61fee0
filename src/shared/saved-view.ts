import { z } from 'zod'
import { searchQuerySchema } from './search/search-query-schema.ts'
import { CONSENT_VALUES, INFORMED_VALUES } from './search/search-fields.ts'
import { PRIVACY_SOURCES } from './privacy.ts'
import { listSortSchema, type FieldParams } from './talent-list-query.ts'
import {
  AREAS,
  SENIORITY_LEVELS,
  TAG_NAME_MAX_LENGTH,
  MAX_CUSTOM_FIELDS,
  TALENT_STATUSES,
} from './talent.ts'

/*
 * Saved views: the dashboard's search, filters, sort and presentation under a
 * name, personal or shared with everyone.
 */

export const VIEW_MODES = ['grid', 'list'] as const
const FIELD_KEY = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/)
export const SAVED_VIEW_NAME_MAX_LENGTH = 60
/** Enough for any real use, and a bound on the counts GET /api/views computes. */
export const MAX_SAVED_VIEWS_PER_USER = 50

/**
 * What a view restores: the list's parameters as the dashboard's URL holds them (absent = none;
 * no sort = the server's order) and cards or table.
 */
export const savedViewStateSchema = z.strictObject({
  areaOfInterest: z.enum(AREAS).optional(),
  seniorityLevel: z.enum(SENIORITY_LEVELS).optional(),
  tag: z.string().trim().min(1).max(TAG_NAME_MAX_LENGTH).optional(),
  status: z.enum(TALENT_STATUSES).optional(),
  addedBy: z.string().trim().min(1).max(254).optional(),
  search: z.string().trim().min(1).max(100).optional(),
  q: searchQuerySchema.optional(),
  consent: z.enum(CONSENT_VALUES).optional(),
  informed: z.enum(INFORMED_VALUES).optional(),
  source: z.enum(PRIVACY_SOURCES).optional(),
  sort: listSortSchema.optional(),
  view: z.enum(VIEW_MODES).optional(),
  /** Custom field filters by key, as the list's `field.<key>` parameters take them. */
  fields: z.record(FIELD_KEY, z.string().trim().min(1).max(500)).optional(),
  /** The table's custom field columns, by key, in order. */
  columns: z.array(FIELD_KEY).max(MAX_CUSTOM_FIELDS).optional(),
})
export type SavedViewState = z.infer<typeof savedViewStateSchema>

/** A view's custom field filters as the list's parameters (`field.notice=<=4`). */
export function viewFieldParams(state: Pick<SavedViewState, 'fields'>): FieldParams {
  return Object.fromEntries(
    Object.entries(state.fields ?? {}).map(([key, value]) => [`field.${key}`, value]),
  )
}

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(SAVED_VIEW_NAME_MAX_LENGTH, `Name must be at most ${SAVED_VIEW_NAME_MAX_LENGTH} characters`)

/** POST /api/views. */
export const createSavedViewSchema = z.strictObject({
  name: nameSchema,
  isShared: z.boolean().default(false),
  state: savedViewStateSchema,
})
export type CreateSavedView = z.input<typeof createSavedViewSchema>

/** PATCH /api/views/:id: rename, share or unshare, or save the current state over it. */
export const updateSavedViewSchema = z
  .strictObject({
    name: nameSchema.optional(),
    isShared: z.boolean().optional(),
    state: savedViewStateSchema.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.isShared !== undefined || body.state !== undefined,
    'Nothing to change',
  )
export type UpdateSavedView = z.input<typeof updateSavedViewSchema>

export const savedViewIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

/** A saved view as the API answers it. */
export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isShared: z.boolean(),
  state: savedViewStateSchema,
  owner: z.object({
    id: z.number().int(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
  }),
  /** Whether the caller may rename, update or delete it: its owner, or an admin if shared. */
  canEdit: z.boolean(),
  /** How many talents it finds now (the list's X-Total-Count for its state). */
  count: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type SavedView = z.infer<typeof savedViewSchema>

export const SAVED_VIEW_NOT_FOUND = 'Saved view not found'
export const SAVED_VIEW_NAME_TAKEN = 'You already have a saved view with this name'
export const SAVED_VIEW_FORBIDDEN = 'Only its owner (or an admin, for a shared view) can change it.'
export const SAVED_VIEW_LIMIT = `You can keep at most ${MAX_SAVED_VIEWS_PER_USER} saved views.`
