import { z } from 'zod'

/**
 * The activity log (spec section 3 "Activity log"): every write records who did what to
 * which entity. One list of actions, shared by the server that writes them and the client that
 * renders the History timeline and the Engagement report.
 */
export const ACTIVITY_ACTIONS = [
  'talent.created',
  'talent.updated',
  'talent.deleted',
  'talent.restored',
  'talent.cv_attached',
  'talent.cv_removed',
  'talent.exported',
  'talent.merged',
  'talent.merge_undone',
  'talent.privacy_updated',
  'talent.erased',
  'talent.anonymised',
  'talent.retention_kept',
  'privacy.retention_run',
  'tag.created',
  'tag.renamed',
  'tag.merged',
  'tag.deleted',
  'user.invited',
  'user.updated',
  'user.deleted',
  'user.locked',
  'user.unlocked',
  'user.mfa_enabled',
  'user.mfa_disabled',
  'user.mfa_reset',
  'user.password_reset',
  'session.signed_in',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const ACTIVITY_ENTITY_TYPES = ['talent', 'tag', 'user', 'session'] as const
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number]

/** One changed field of a talent.updated / user.updated entry: values as the API shows them. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  /** A custom field's label when it changed (its field is `customFields.<key>`). */
  label: z.string().optional(),
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

/** Newest entries GET /api/talents/:id/activity returns (the History tab shows them all). */
export const TALENT_ACTIVITY_LIMIT = 100

const ACTION_SET: ReadonlySet<string> = new Set(ACTIVITY_ACTIONS)

/** Rows are text in the database; only known actions leave the API (older or newer ones are skipped). */
export function isActivityAction(value: string): value is ActivityAction {
  return ACTION_SET.has(value)
}

/**
 * The details each action carries. Values in `changes` are as the API shows them (a
 * talent's `seniorityLevel` is 'mid', its `status` an array); passwords and hashes never appear.
 * - talent.created / talent.deleted: { fullName, email }; a bulk delete adds { bulkId }
 * - talent.restored (undo of a delete): { fullName, undo: true }
 * - talent.updated: { fullName, changes } — fullName after the edit, only fields that changed;
 *   { bulkId } when a bulk action made it, { undo: true } when an undo did
 * - talent.cv_attached: { fileName, replacedFileName?, prunedFileNames? } — prunedFileNames: the
 *   oldest versions removed to keep CV_MAX_VERSIONS (security rule 48); talent.cv_removed: { fileName }
 * - talent.exported: entityId null, details { format, filter, sort, rowCount }
 * - talent.merged: on the survivor, { mergeId, merged: [{ id, fullName, email }] }
 * - talent.merge_undone: on the survivor, { mergeId, restored: [{ id, fullName }], kept: [field] }
 * - talent.privacy_updated: { changes } — the privacy record's fields (security rule 49)
 * - talent.erased / talent.anonymised: { erasureId?, erasedBy, erasedAt } and no name — the
 *   talent's earlier entries keep their action and date, their details become
 *   { erased: { by, at } } (security rule 50)
 * - talent.retention_kept: { reason, keepUntil } — Keep on the Due for removal list (security
 *   rule 57); the reason is the talent's data, erased with them, never in the privacy log
 * - privacy.retention_run: entityId null, { runId, day, acted: [{ ruleId, mode, count }] }
 * - tag.created: { name }
 * - user.invited / user.deleted: { email, firstName, lastName, role }
 * - user.updated: { email, changes, passwordReset? } — passwordReset when a temporary one was issued
 * - user.mfa_enabled / user.mfa_disabled: by the user themself, no details
 * - user.mfa_reset / user.password_reset: by an admin, details { email }
 * - session.signed_in: entityId is the user who signed in, details { sessionId }
 */
export const talentChangeDetailsSchema = z.object({
  fullName: z.string().optional(),
  changes: z.array(fieldChangeSchema),
})
export type TalentChangeDetails = z.infer<typeof talentChangeDetailsSchema>

/** Details of talent.cv_attached / talent.cv_removed. */
export const cvChangeDetailsSchema = z.object({
  fileName: z.string(),
  replacedFileName: z.string().optional(),
  prunedFileNames: z.array(z.string()).optional(),
})

/** What an entry's details become once its talent was erased or anonymised (security.md 50). */
export const erasedDetailsSchema = z.object({
  erased: z.object({ by: z.string().nullable(), at: z.string() }),
})

/** Details of talent.merged / talent.merge_undone. */
export const mergeDetailsSchema = z.object({
  mergeId: z.number().int(),
  merged: z.array(z.object({ id: z.number().int(), fullName: z.string() })).optional(),
  restored: z.array(z.object({ id: z.number().int(), fullName: z.string() })).optional(),
  kept: z.array(z.string()).optional(),
})

/** Details of talent.retention_kept (security rule 57). */
export const keptDetailsSchema = z.object({
  reason: z.string(),
  keepUntil: z.string(),
})
