import { z } from 'zod'

/**
 * The activity log (spec section 3 "Activity log", issue 5): every write records who did what to
 * which entity. One list of actions, shared by the server that writes them and the client that
 * renders the History timeline and the Engagement report.
 */
export const ACTIVITY_ACTIONS = [
  'talent.created',
  'talent.updated',
  'talent.deleted',
  'tag.created',
  'tag.renamed',
  'tag.merged',
  'tag.deleted',
  'user.invited',
  'user.updated',
  'user.deleted',
  'session.signed_in',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const ACTIVITY_ENTITY_TYPES = ['talent', 'tag', 'user', 'session'] as const
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number]

/** One changed field of a talent.updated / user.updated entry: values as the API shows them. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
})
export type FieldChange = z.infer<typeof fieldChangeSchema>

/** An activity entry as the API returns it, with the actor's name for the timeline. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(ACTIVITY_ACTIONS),
  entityType: z.enum(ACTIVITY_ENTITY_TYPES),
  entityId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  actor: z
    .object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
    })
    .nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type ActivityEntry = z.infer<typeof activityEntrySchema>
