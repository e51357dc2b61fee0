import { z } from 'zod'
import { SORT_VALUES, type TalentSort } from '#shared/talent.ts'
import { BadRequestError } from '../errors.ts'

/**
 * A keyset cursor (issue 3): the sort it belongs to, the last row's sort key as the database
 * printed it (text, so timestamps keep their microseconds), and the last row's id.
 * Opaque to clients: base64url of JSON.
 */
export type TalentCursor = { sort: TalentSort; key: string; id: number }

const cursorSchema = z.strictObject({
  s: z.enum(SORT_VALUES),
  k: z.string().max(500),
  i: z.number().int().positive(),
})

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor'

// created_at as where.ts prints it ('2024-01-05T10:00:00.123456Z'); checked here so a forged key
// is a 400, not a failed cast in SQL.
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

function isKeyValid(sort: TalentSort, key: string): boolean {
  if (sort !== 'newest' && sort !== 'oldest') return true
  return TIMESTAMP_KEY.test(key) && !Number.isNaN(Date.parse(key))
}

export function encodeCursor(cursor: TalentCursor): string {
  const json = JSON.stringify({ s: cursor.sort, k: cursor.key, i: cursor.id })
  return Buffer.from(json, 'utf8').toString('base64url')
}

/** Decodes a cursor for `sort`; anything else (garbage, another sort's cursor) is a 400. */
export function decodeCursor(text: string, sort: TalentSort): TalentCursor {
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
  return { sort: result.data.s, key: result.data.k, id: result.data.i }
}
