import { z } from 'zod'
import { SEARCH_FIELDS } from '../search/search-fields.ts'
import { MAX_CUSTOM_FIELDS, TALENT_FIELDS } from '../talent.ts'

export { MAX_CUSTOM_FIELDS }

// Custom field definitions an admin makes (Settings → Fields): their types, keys and the
// schemas of their create, change and delete (security rule 66).

export const FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'yes_no',
  'single_choice',
  'multiple_choice',
  'email',
  'phone',
  'url',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  yes_no: 'Yes/no',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  email: 'E-mail',
  phone: 'Phone',
  url: 'URL',
}

export const isChoiceType = (type: FieldType) =>
  type === 'single_choice' || type === 'multiple_choice'

export const MAX_FIELD_CHOICES = 100
/** A text value's limit: the notes' (security rule 66). */
export const MAX_FIELD_TEXT = 10_000
export const MAX_SHORT_TEXT = 500
export const MAX_FIELD_LABEL = 80
export const MAX_KEY = 40
const MAX_CHOICE_LABEL = 100

export const FIELD_NOT_FOUND = 'Field not found'
export const FIELD_STALE_EDIT =
  'This field was changed by someone else. Review the current version and try again.'
export const FIELD_LIMIT = `At most ${MAX_CUSTOM_FIELDS} fields can be defined`
export const FIELD_LABEL_TAKEN = 'A field with this label already exists'
export const FIELD_KEY_TAKEN = 'A field with this key already exists'
export const FIELD_KEY_RESERVED = 'This key belongs to a built-in field or a search term'
export const FIELD_TYPE_DROPS = (count: number) =>
  `Changing the type would drop ${count} value${count === 1 ? '' : 's'} that cannot be converted`

/**
 * Keys no field may take: the talent's own fields (and what the API sends with them) and the
 * search box's field terms, so `key:value` never shadows a built-in term.
 */
export const RESERVED_FIELD_KEYS: ReadonlySet<string> = new Set(
  [
    ...TALENT_FIELDS,
    ...SEARCH_FIELDS,
    'id',
    'added_by',
    'added_by_id',
    'created_at',
    'updated_at',
    'cv',
    'custom_fields',
    'privacy',
    'match',
    'q',
    'search',
    'sort',
    'limit',
    'cursor',
    'or',
    'and',
    'not',
  ].flatMap((k) => [k.toLowerCase(), k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]),
)

const KEY_PATTERN = /^[a-z][a-z0-9_]*$/

/** A stable key from a label: lower case ASCII words joined by `_` ("Notice period" → notice_period). */
/**
 * A field's label with its unit, for places that show the number without it (a range filter):
 * "Salary (EUR)". A label that already names its unit ("Notice period (weeks)") is left alone.
 */
export function labelWithUnit(field: { label: string; unit: string | null }): string {
  const unit = field.unit?.trim()
  if (!unit || field.label.toLowerCase().includes(unit.toLowerCase())) return field.label
  return `${field.label} (${unit})`
}

export function deriveFieldKey(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  const key = /^[a-z]/.test(words) ? words : `f_${words}`
  return key.slice(0, MAX_KEY).replace(/_+$/, '') || 'field'
}

/** A choice's stored value from its label, unique among `taken`. */
export function deriveChoiceValue(label: string, taken: Iterable<string>): string {
  const base = deriveFieldKey(label)
  const used = new Set(taken)
  let value = base
  for (let n = 2; used.has(value); n++) value = `${base}_${n}`
  return value
}

export const fieldChoiceSchema = z.strictObject({
  value: z
    .string()
    .trim()
    .min(1)
    .max(MAX_KEY + 10),
  label: z
    .string()
    .trim()
    .min(1, 'A choice needs a label')
    .max(MAX_CHOICE_LABEL, `A choice is at most ${MAX_CHOICE_LABEL} characters`),
  retired: z.boolean().default(false),
})
export type FieldChoice = z.infer<typeof fieldChoiceSchema>

const choicesSchema = z
  .array(fieldChoiceSchema)
  .max(MAX_FIELD_CHOICES, `A field can have at most ${MAX_FIELD_CHOICES} choices`)
  .refine(
    (choices) => new Set(choices.map((c) => c.value)).size === choices.length,
    'Two choices have the same value',
  )
  .refine(
    (choices) => new Set(choices.map((c) => c.label.toLowerCase())).size === choices.length,
    'Two choices have the same label',
  )

const optionalShort = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v))

const definitionFields = {
  label: z
    .string({ error: 'Label is required' })
    .trim()
    .min(1, 'Label is required')
    .max(MAX_FIELD_LABEL, `Label must be at most ${MAX_FIELD_LABEL} characters`),
  type: z.enum(FIELD_TYPES, { error: 'Choose a type' }),
  unit: optionalShort(20),
  help: optionalShort(300),
  required: z.boolean().default(false),
  onCards: z.boolean().default(false),
  private: z.boolean().default(false),
  personalData: z.boolean().default(false),
  choices: choicesSchema.default([]),
}

const keySchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_KEY, `Key must be at most ${MAX_KEY} characters`)
  .regex(KEY_PATTERN, 'Key must start with a letter and hold only a-z, 0-9 and _')
  .refine((k) => !RESERVED_FIELD_KEYS.has(k), FIELD_KEY_RESERVED)

/** A choice field needs a choice to offer. */
const choicesWhenChoiceType = (
  value: { type?: FieldType; choices?: FieldChoice[] },
  ctx: z.RefinementCtx,
) => {
  if (value.type && isChoiceType(value.type) && value.choices !== undefined) {
    if (!value.choices.some((c) => !c.retired)) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Add at least one choice' })
    }
  }
}

/** POST /api/fields and the add dialog. The key is derived from the label when not given. */
export const createFieldSchema = z
  .strictObject({ ...definitionFields, key: keySchema.optional() })
  .superRefine(choicesWhenChoiceType)
export type CreateField = z.infer<typeof createFieldSchema>
export type CreateFieldInput = z.input<typeof createFieldSchema>

/**
 * PATCH /api/fields/:id: what changes, and the `version` it was based on (409 when stale). The
 * key never changes. A type change that would drop values is refused (type-change preview).
 */
export const updateFieldSchema = z
  .strictObject({
    version: z.number().int().positive(),
    label: definitionFields.label.optional(),
    type: definitionFields.type.optional(),
    unit: definitionFields.unit,
    help: definitionFields.help,
    required: z.boolean().optional(),
    onCards: z.boolean().optional(),
    private: z.boolean().optional(),
    personalData: z.boolean().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
    choices: choicesSchema.optional(),
  })
  .superRefine(choicesWhenChoiceType)
export type UpdateField = z.infer<typeof updateFieldSchema>

export const fieldDefinitionSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  unit: z.string().nullable(),
  help: z.string().nullable(),
  required: z.boolean(),
  onCards: z.boolean(),
  private: z.boolean(),
  personalData: z.boolean(),
  position: z.number().int(),
  choices: z.array(fieldChoiceSchema),
  version: z.number().int(),
  createdById: z.number().int().nullable(),
})
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>

export const fieldIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
})

export const typeChangePreviewQuerySchema = z.strictObject({ type: z.enum(FIELD_TYPES) })
export const typeChangePreviewSchema = z.object({
  /** Talents holding a value. */
  withValue: z.number().int(),
  /** Of them, values that would not convert to the new type. */
  wouldDrop: z.number().int(),
  /** A few of those values, to show. */
  examples: z.array(z.string()),
})
export type TypeChangePreview = z.infer<typeof typeChangePreviewSchema>

/** A deleted field can be brought back, with its values, this long (like a bulk action). */
export const FIELD_DELETE_UNDO_HOURS = 24

export const fieldDeletedSchema = z.object({
  message: z.string(),
  /** Talents that held a value, now removed. */
  removedValues: z.number().int(),
  /** POST /api/fields/deleted/:undoId/undo brings the field and its values back. */
  undoId: z.number().int(),
  undoHours: z.number().int(),
})
export type FieldDeleted = z.infer<typeof fieldDeletedSchema>

export const fieldUndoParamsSchema = z.strictObject({
  undoId: z.coerce.number().int().positive().max(2_147_483_647),
})

export const fieldDeleteUndoneSchema = z.object({
  message: z.string(),
  /** Talents given their value back. */
  restoredValues: z.number().int(),
  field: fieldDefinitionSchema,
})
export type FieldDeleteUndone = z.infer<typeof fieldDeleteUndoneSchema>

/** GET /api/fields/deleted: fields deleted within the undo window, not undone yet. */
export const deletedFieldSchema = z.object({
  undoId: z.number().int(),
  label: z.string(),
  removedValues: z.number().int(),
  deletedAt: z.iso.datetime({ offset: true }),
  undoUntil: z.iso.datetime({ offset: true }),
})
export type DeletedField = z.infer<typeof deletedFieldSchema>
