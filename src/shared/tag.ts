import { z } from 'zod'
import { TAG_NAME_MAX_LENGTH } from './talent.ts'

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
