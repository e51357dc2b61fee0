import { z } from 'zod'
import { isHttpUrl } from '../talent.ts'
import {
  MAX_FIELD_CHOICES,
  MAX_FIELD_TEXT,
  MAX_SHORT_TEXT,
  type FieldDefinition,
  type FieldType,
} from './definition.ts'

// The values talents hold under each definition's key. One schema of the values is built from
// the definitions, so the form and the server say the same thing (security rule 66).

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
