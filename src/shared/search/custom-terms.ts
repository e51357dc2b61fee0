import { EXPECTED, isIsoDate, type FieldDefinition } from '../fields.ts'
import { matchOption, type Comparison, type CustomCondition } from './search-fields.ts'

/*
 * Custom fields as filters: `notice:<=4`, `languages:german`, `permit:yes`, `has:languages` in the
 * search box, `field.notice=<=4` as a list parameter (docs/api.md "Custom field filters"). Only
 * the fields the caller may see are given here (security rule 65): any other key is no term.
 */

export type { Comparison, CustomCondition } from './search-fields.ts'

export const hasCondition = (field: FieldDefinition): CustomCondition => ({
  key: field.key,
  type: field.type,
  test: 'has',
})

/** Conditions of which at least one must hold (`field.languages=german,french`). */
export type FieldFilter = { key: string; anyOf: CustomCondition[] }

const COMPARED = /^(<=|>=|<|>|=)?\s*(\S.*)$/s
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/

const YES = new Set(['yes', 'y', 'true'])
const NO = new Set(['no', 'n', 'false'])

function comparison(typed: string): { op: Comparison; rest: string } | undefined {
  const [, op = '=', rest = ''] = COMPARED.exec(typed.trim()) ?? []
  return rest === '' ? undefined : { op: op as Comparison, rest: rest.trim() }
}

/**
 * What a typed value asks of a field, or undefined when the field cannot take it (the search box
 * then searches the text as typed; a list parameter answers 400 with filterValueMessage).
 */
export function resolveCustomValue(
  field: FieldDefinition,
  typed: string,
): CustomCondition | undefined {
  const { key, type } = field
  const text = typed.trim()
  if (text === '') return undefined
  switch (field.type) {
    case 'number': {
      const c = comparison(text)
      return c && NUMBER.test(c.rest)
        ? { key, type, test: 'compare', op: c.op, value: c.rest }
        : undefined
    }
    case 'date': {
      const c = comparison(text)
      return c && isIsoDate(c.rest)
        ? { key, type, test: 'compare', op: c.op, value: c.rest }
        : undefined
    }
    case 'yes_no': {
      const lower = text.toLowerCase()
      if (YES.has(lower)) return { key, type, test: 'is', value: true }
      return NO.has(lower) ? { key, type, test: 'is', value: false } : undefined
    }
    case 'single_choice':
    case 'multiple_choice': {
      const chosen = choiceNamed(field, text)
      if (chosen === undefined) return undefined
      return field.type === 'single_choice'
        ? { key, type, test: 'is', value: chosen }
        : { key, type, test: 'holds', value: chosen }
    }
    default:
      return { key, type, test: 'is', value: text }
  }
}

/** A choice's value from its value or its label, in any case or as a slug (`german`, `German`). */
function choiceNamed(field: FieldDefinition, typed: string): string | undefined {
  const exact = field.choices.find((c) => c.value === typed)
  if (exact) return exact.value
  const label = matchOption(
    field.choices.map((c) => c.label),
    typed,
  )
  const byLabel = field.choices.find((c) => c.label === label)?.value
  return (
    byLabel ??
    matchOption(
      field.choices.map((c) => c.value),
      typed,
    )
  )
}

/** What a filter on a field expects, for the 400 a wrong value gets. */
export function filterValueMessage(field: FieldDefinition): string {
  const expected =
    field.type === 'number' || field.type === 'date'
      ? `${EXPECTED[field.type]}, optionally after <, <=, >, >= or =`
      : field.type === 'multiple_choice' || field.type === 'single_choice'
        ? `one of: ${field.choices.map((c) => c.label).join(', ')}`
        : EXPECTED[field.type]
  return `Filter ${field.key} (${field.label}) must be ${expected}`
}

export const unknownFilterFieldMessage = (key: string) => `Unknown field: ${key}`

/** The prefix of a list parameter that filters on a field: `field.notice=<=4`. */
export const FIELD_PARAM_PREFIX = 'field.'

/**
 * A list parameter's value as filters: choices and text separated by commas are any of them
 * (`german,french`); comparisons separated by commas must all hold (`>=2,<=5`, a range).
 * Returns the message of the first part the field cannot take.
 */
export function parseFieldParam(
  field: FieldDefinition,
  value: string,
): { filters: FieldFilter[] } | { error: string } {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
  if (parts.length === 0) return { filters: [] }
  const conditions: CustomCondition[] = []
  for (const part of parts) {
    const condition = resolveCustomValue(field, part)
    if (condition === undefined) return { error: filterValueMessage(field) }
    conditions.push(condition)
  }
  const ranged = field.type === 'number' || field.type === 'date'
  return {
    filters: ranged
      ? conditions.map((c) => ({ key: field.key, anyOf: [c] }))
      : [{ key: field.key, anyOf: conditions }],
  }
}
