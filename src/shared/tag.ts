import { z } from 'zod'
import { DEFAULT_TAGS, SYSTEM_TAGS, TAG_NAME_MAX_LENGTH } from './talent.ts'

// spec section 5, new tag: messages verbatim. The toast titles ('Invalid tag name',
// 'Tag already exists') belong to the form that shows them.
export const tagNameSchema = z
  .string({ error: 'Tag name is required' })
  .trim()
  .min(2, 'Tag name must be at least 2 characters long')
  .max(TAG_NAME_MAX_LENGTH, `Tag name must be at most ${TAG_NAME_MAX_LENGTH} characters long`)

/** POST /api/tags body. */
export const createTagSchema = z.strictObject({ name: tagNameSchema })
export type CreateTag = z.infer<typeof createTagSchema>

export const TAG_EXISTS_MESSAGE = 'This tag already exists in the system.'
/** Security rule 31: the pool's tags are bounded, as a tag list every screen loads must be. */
export const MAX_TAGS_IN_POOL = 1_000
export const TAG_LIMIT_MESSAGE =
  'Scout holds at most 1,000 tags. Merge or delete some on the Tags page first.'

/** An item of GET /api/tags (spec sections 3 and 7: items with name, may carry a count). */
export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  isDefault: z.boolean(),
  isSystem: z.boolean(),
})
export type Tag = z.infer<typeof tagSchema>

/** spec section 5: a new tag duplicates any default or custom tag, ignoring case and outer spaces. */
export function isDuplicateTag(name: string, existingNames: readonly string[]): boolean {
  const key = name.trim().toLowerCase()
  return existingNames.some((existing) => existing.trim().toLowerCase() === key)
}

// --- Tag management on the Tags page. ---

/** PUT /api/tags/:id, DELETE /api/tags/:id and POST /api/tags/:id/merge. */
export const tagIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

/** PUT /api/tags/:id: the same name rules and messages as a new tag (spec section 5). */
export const renameTagSchema = createTagSchema
export type RenameTag = z.infer<typeof renameTagSchema>

/** POST /api/tags/:id/merge: the tag whose name the source's talents get instead. */
export const mergeTagSchema = z.strictObject({
  targetId: z
    .number({ error: 'Choose a tag to merge into' })
    .int('Choose a tag to merge into')
    .positive('Choose a tag to merge into')
    .max(2_147_483_647, 'Choose a tag to merge into'),
})
export type MergeTag = z.infer<typeof mergeTagSchema>

/** DELETE /api/tags/:id: how many talents lost the tag. */
export const deleteTagResponseSchema = z.object({
  message: z.string(),
  talentsAffected: z.number().int(),
})
export type DeleteTagResponse = z.infer<typeof deleteTagResponseSchema>

/** spec section 4: system labels are shown but cannot be renamed, merged away or deleted. */
export const SYSTEM_TAG_LOCKED_MESSAGE = 'System labels cannot be renamed, merged or deleted.'
export const TAG_NOT_FOUND_MESSAGE = 'Tag not found'

const DEFAULT_KEYS = new Set(DEFAULT_TAGS.map((name) => name.toLowerCase()))
const SYSTEM_KEYS = new Set(SYSTEM_TAGS.map((name) => name.toLowerCase()))

/** Whether a name is a default tag and/or a system label (spec sections 4 and 9), ignoring case. */
export function tagFlags(name: string): { isDefault: boolean; isSystem: boolean } {
  const key = name.trim().toLowerCase()
  return { isDefault: DEFAULT_KEYS.has(key), isSystem: SYSTEM_KEYS.has(key) }
}
