import { z } from 'zod'
import { SEARCH_FIELDS } from './search/search-fields.ts'
import { isHttpUrl, MAX_CUSTOM_FIELDS, TALENT_FIELDS } from './talent.ts'

export { MAX_CUSTOM_FIELDS }

// Custom fields: definitions an admin makes (Settings → Fields) and the values talents hold under
// each definition's key. One schema of the values is built from the definitions, so the form and
// the server say the same thing (security rule 66).

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

/** What a value of each type must be, as the messages name it. */
export const EXPECTED: Record<FieldType, string> = {
  text: 'text',
  long_text: 'text',
  number: 'a number',
  date: 'a date (YYYY-MM-DD)',
  yes_no: 'yes or no',
  single_choice: 'one of the choices',
  multiple_choice: 'a list of choices',
  email: 'an e-mail address',
  phone: 'a phone number',
  url: 'a URL (http or https)',
}

export const isChoiceType = (type: FieldType) =>
  type === 'single_choice' || type === 'multiple_choice'

export const MAX_FIELD_CHOICES = 100
/** A text value's limit: the notes' (security rule 66). */
export const MAX_FIELD_TEXT = 10_000
const MAX_SHORT_TEXT = 500
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

export const fieldDeletedSchema = z.object({ message: z.string(), removedValues: z.number().int() })

/** A value as stored and sent: text, number, yes/no or a list of choices (null: none). */
export type FieldValue = string | number | boolean | string[] | null
export type CustomFieldValues = Record<string, FieldValue>

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export function isIsoDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}
const PHONE_PATTERN = /^[+(]?[0-9][0-9 ().\-/]{2,48}$/
const EMAIL = z.email()

const wrongType = (field: FieldDefinition) => `${field.label} must be ${EXPECTED[field.type]}`

function choiceList(field: FieldDefinition, kept: ReadonlySet<string>): string[] {
  return field.choices.filter((c) => !c.retired || kept.has(c.value)).map((c) => c.value)
}

function allowedMessage(field: FieldDefinition, kept: ReadonlySet<string>): string {
  const labels = field.choices.filter((c) => !c.retired || kept.has(c.value)).map((c) => c.label)
  return `${field.label} must be one of: ${labels.join(', ')}`
}

/**
 * One value checked against its definition. `kept` are the choices the talent holds already:
 * a retired choice stays valid on them (never offered again).
 */
function valueSchema(field: FieldDefinition, kept: ReadonlySet<string>): z.ZodType<FieldValue> {
  const tooLong = (max: number) => `${field.label} must be at most ${max} characters`
  const text = (max: number) =>
    z
      .string({ error: wrongType(field) })
      .trim()
      .max(max, tooLong(max))
  switch (field.type) {
    case 'text':
      return text(MAX_SHORT_TEXT)
    case 'long_text':
      return text(MAX_FIELD_TEXT)
    case 'number':
      return z
        .number({ error: wrongType(field) })
        .refine((n) => Number.isFinite(n) && Math.abs(n) < 1e15, wrongType(field))
    case 'date':
      return z
        .string({ error: wrongType(field) })
        .trim()
        .refine(isIsoDate, wrongType(field))
    case 'yes_no':
      return z.boolean({ error: wrongType(field) })
    case 'email':
      return text(254).refine((v) => EMAIL.safeParse(v).success, wrongType(field))
    case 'phone':
      return text(50).refine((v) => PHONE_PATTERN.test(v), wrongType(field))
    case 'url':
      return text(2048).refine(isHttpUrl, wrongType(field))
    case 'single_choice': {
      const allowed = choiceList(field, kept)
      return z
        .string({ error: allowedMessage(field, kept) })
        .refine((v) => allowed.includes(v), allowedMessage(field, kept))
    }
    case 'multiple_choice': {
      const allowed = choiceList(field, kept)
      return z
        .array(z.string(), { error: allowedMessage(field, kept) })
        .max(MAX_FIELD_CHOICES)
        .refine((v) => v.every((c) => allowed.includes(c)), allowedMessage(field, kept))
        .transform((v) => [...new Set(v)])
    }
  }
}

/** An empty answer is no value: '' , [] and null clear the field. */
function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  )
}

export type CustomFieldsCheck = {
  /** Values already stored on the talent (an edit): its retired choices stay valid. */
  existing?: Record<string, unknown>
  /** Required fields must hold a value (a create, or an edit that sends the fields). */
  requireRequired: boolean
}

/**
 * The schema of a talent's `customFields` built from the definitions the caller may see, with
 * messages naming the field and what it expects (the form and the server use it alike, security
 * rule 66). Unknown keys are refused; empty answers become null (cleared).
 */
export function customFieldsSchema(
  definitions: readonly FieldDefinition[],
  { existing = {}, requireRequired }: CustomFieldsCheck,
) {
  const byKey = new Map(definitions.map((d) => [d.key, d]))
  return z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const out: CustomFieldValues = {}
    for (const [key, raw] of Object.entries(input)) {
      const field = byKey.get(key)
      if (!field) {
        ctx.addIssue({ code: 'custom', path: [key], message: `Unknown field: ${key}` })
        continue
      }
      if (isEmpty(raw)) {
        out[key] = null
        continue
      }
      const before = existing[key]
      const kept = new Set(
        typeof before === 'string' ? [before] : Array.isArray(before) ? before.map(String) : [],
      )
      const parsed = valueSchema(field, kept).safeParse(raw)
      if (parsed.success) out[key] = parsed.data
      else {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: [key], message: issue.message })
        }
      }
    }
    if (requireRequired) {
      for (const field of definitions) {
        if (!field.required) continue
        const value = field.key in input ? out[field.key] : existing[field.key]
        if (isEmpty(value)) {
          ctx.addIssue({ code: 'custom', path: [field.key], message: `${field.label} is required` })
        }
      }
    }
    return out
  })
}

/** Whether `value` (stored under another type) is a valid value of `type`; used by the preview. */
export function convertValue(value: unknown, field: FieldDefinition, type: FieldType): FieldValue {
  const target: FieldDefinition = { ...field, type }
  const candidate =
    type === 'multiple_choice' && typeof value === 'string'
      ? [value]
      : type === 'number' && typeof value === 'string'
        ? Number(value.trim() === '' ? NaN : value)
        : (type === 'text' || type === 'long_text') && typeof value !== 'string'
          ? Array.isArray(value)
            ? value.join(', ')
            : String(value)
          : value
  const parsed = valueSchema(target, new Set()).safeParse(candidate)
  return parsed.success ? parsed.data : null
}

/** How a value reads on the detail view and in exports. */
export function formatFieldValue(field: FieldDefinition, value: unknown): string {
  if (isEmpty(value)) return ''
  const labelOf = (v: string) => field.choices.find((c) => c.value === v)?.label ?? v
  switch (field.type) {
    case 'yes_no':
      return value === true ? 'Yes' : 'No'
    case 'number':
      return field.unit ? `${String(value)} ${field.unit}` : String(value)
    case 'single_choice':
      return labelOf(String(value))
    case 'multiple_choice':
      return Array.isArray(value) ? value.map((v) => labelOf(String(v))).join(', ') : ''
    default:
      return String(value)
  }
}

/**
 * The form's check: the same schema as the server's, its messages by field key (empty when
 * every value is fine).
 */
export function fieldValueErrors(
  definitions: readonly FieldDefinition[],
  values: Record<string, unknown>,
  check: CustomFieldsCheck,
): Record<string, string> {
  const parsed = customFieldsSchema(definitions, check).safeParse(values)
  const errors: Record<string, string> = {}
  if (parsed.success) return errors
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    errors[key] ??= issue.message
  }
  return errors
}
