import { sql, type SQL } from 'drizzle-orm'
import type { CustomCondition, FieldFilter } from '#shared/search/custom-terms.ts'

type CustomCompare = Extract<CustomCondition, { test: 'compare' }>
import { talents } from '../db/schema.ts'

/*
 * Custom field conditions and sort keys as SQL over talents.custom_fields
 * (docs/decisions/028): equality and containment on the GIN index (jsonb_path_ops), ranges and
 * sorts on the btree expression index each number or date field has (fields/field-indexes.ts).
 */

const KEY = /^[a-z][a-z0-9_]*$/

/**
 * The key as a literal, not a parameter: an expression index is used only when the query's
 * expression is the index's, literal included. Keys are checked on create (shared/fields.ts)
 * and here again, so nothing else is ever inlined.
 */
function keyLiteral(key: string): SQL {
  if (!KEY.test(key)) throw new Error(`Not a field key: ${key}`)
  return sql.raw(`'${key}'`)
}

/**
 * The value as the expression indexes hold it: numeric for a number; a date as its text in "C"
 * order (YYYY-MM-DD sorts as text), which needs no immutable wrapper of to_date.
 */
export function fieldSortExpression(key: string, type: 'number' | 'date'): SQL {
  const text = sql`(${talents.customFields} ->> ${keyLiteral(key)})`
  return type === 'number' ? sql`(${text}::numeric)` : sql`(${text} collate "C")`
}

export const isSortableType = (type: string): type is 'number' | 'date' =>
  type === 'number' || type === 'date'

/** Each comparison the search language has, as fixed SQL (never the text the person typed). */
const OPERATORS: Record<CustomCompare['op'], SQL> = {
  '<': sql`<`,
  '<=': sql`<=`,
  '>': sql`>`,
  '>=': sql`>=`,
  '=': sql`=`,
}

const contains = (value: unknown) => sql`${talents.customFields} @> ${JSON.stringify(value)}::jsonb`

export function customCondition(condition: CustomCondition): SQL {
  const { key, type } = condition
  switch (condition.test) {
    case 'has':
      // Empty values are never stored (fields/values.ts), so a key present holds a value.
      return isSortableType(type)
        ? sql`${fieldSortExpression(key, type)} is not null`
        : sql`${talents.customFields} ? ${key}`
    case 'is':
      return contains({ [key]: condition.value })
    case 'holds':
      return contains({ [key]: [condition.value] })
    case 'compare': {
      if (!isSortableType(type)) return contains({ [key]: condition.value })
      const value =
        type === 'number' ? sql`${condition.value}::numeric` : sql`${condition.value} collate "C"`
      return sql`${fieldSortExpression(key, type)} ${OPERATORS[condition.op]} ${value}`
    }
  }
}

/** Filters (list parameters) in SQL: each must hold, any of its conditions will do. */
export function fieldFiltersCondition(filters: readonly FieldFilter[]): SQL | undefined {
  if (filters.length === 0) return undefined
  const parts = filters.map((filter) => {
    const any = filter.anyOf.map(customCondition)
    return sql`(${sql.join(any, sql` or `)})`
  })
  return sql`(${sql.join(parts, sql` and `)})`
}
