import { z } from 'zod'
import { BadRequestError } from '../errors.ts'
import { isFieldSort } from '#shared/talent-list-query.ts'
import { isListOrder, type ListOrder } from './list-order.ts'

/**
 * A keyset cursor: the sort it belongs to, the last row's sort key as the database
 * printed it (text, so timestamps keep their microseconds), and the last row's id.
 * Opaque to clients: base64url of JSON.
 */
export type TalentCursor = { sort: ListOrder; key: string; id: number }

/** PostgreSQL's int4: a larger id would fail in SQL, so it is a 400 here (security rule 36). */
const MAX_INT4 = 2_147_483_647

const cursorSchema = z.strictObject({
  s: z.string().max(60).refine(isListOrder),
  // PostgreSQL text cannot hold NUL: refused here rather than failing in the query.
  k: z
    .string()
    .max(500)
    .refine((key) => !key.includes('\u0000')),
  i: z.number().int().positive().max(MAX_INT4),
})

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor'

// created_at as where.ts prints it ('2024-01-05T10:00:00.123456Z'); checked here so a forged key
// is a 400, not a failed cast in SQL.
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/**
 * Security rule 36: the date must round-trip — '2024-02-30' passes a pattern and Date.parse (which
 * rolls it over to March 1) but is no date, and PostgreSQL refuses it in the cast.
 */
function isRealTimestamp(key: string): boolean {
  if (!TIMESTAMP_KEY.test(key)) return false
  const [year, month, day, hour, minute, second] = key.split(/[-T:.Z]/).map(Number)
  if ([year, month, day, hour, minute, second].some((n) => n === undefined || Number.isNaN(n))) {
    return false
  }
  const date = new Date(key.slice(0, 19) + 'Z')
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() + 1 === month &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  )
}

/** The rank of a broad query's matches that were not ranked: after every ranked one (list.ts). */
export const UNRANKED = -1

// A rank as PostgreSQL prints a float8 (search-sql.ts): never negative, finite, maybe in
// exponent form ('6.079271e-05'), or UNRANKED. Anything else would fail the cast in SQL.
const RANK_KEY = /^\d{1,20}(\.\d{1,20})?(e[+-]\d{1,3})?$/

function isRank(key: string): boolean {
  if (key === String(UNRANKED)) return true
  return RANK_KEY.test(key) && Number.isFinite(Number(key))
}

/**
 * A custom field's sort key (where.ts fieldSortSpec): a number or a date as the database prints
 * them, or '' for a talent without a value (they come last).
 */
const FIELD_KEY = /^(-?\d{1,20}(\.\d{1,20})?|\d{4}-\d{2}-\d{2})?$/

function isKeyValid(sort: ListOrder, key: string): boolean {
  if (sort === 'relevance') return isRank(key)
  if (isFieldSort(sort)) return FIELD_KEY.test(key)
  if (sort !== 'newest' && sort !== 'oldest') return true
  return isRealTimestamp(key)
}

export function encodeCursor(cursor: TalentCursor): string {
  const json = JSON.stringify({ s: cursor.sort, k: cursor.key, i: cursor.id })
  return Buffer.from(json, 'utf8').toString('base64url')
}

/** Decodes a cursor for `sort`; anything else (garbage, another order's cursor) is a 400. */
export function decodeCursor(text: string, sort: ListOrder): TalentCursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw new BadRequestError(INVALID_CURSOR_MESSAGE, { cursor: [INVALID_CURSOR_MESSAGE] })
  }
  const result = cursorSchema.safeParse(parsed)
  if (!result.success || result.data.s !== sort || !isKeyValid(sort, result.data.k)) {
    throw new BadRequestError(INVALID_CURSOR_MESSAGE, { cursor: [INVALID_CURSOR_MESSAGE] })
  }
  return { sort, key: result.data.k, id: result.data.i }
}
