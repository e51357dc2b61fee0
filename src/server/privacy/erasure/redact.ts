import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/open.ts'
import { escapeLike } from '../../db/escape-like.ts'
import { rawRows } from '../../db/raw-rows.ts'

/** The person's identifying values as typed: what redaction looks for (security rule 50). */
export type Identifiers = {
  fullName: string
  email: string
  phone: string | null
}

export const REDACTED = '[erased]'

/** The identifiers worth looking for: long enough not to match everything. */
export function needles(who: Identifiers): string[] {
  return [who.email, who.fullName, who.phone ?? '']
    .map((value) => value.trim())
    .filter((value) => value.length >= 3)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Replaces each identifier inside a text, whatever its case. */
export function redactText(text: string, who: Identifiers): string {
  let out = text
  for (const needle of needles(who)) {
    out = out.replace(new RegExp(escapeRegExp(needle), 'giu'), REDACTED)
  }
  return out
}

/** The same through a JSON value: every string (keys too) with the identifiers replaced. */
export function redactJson(value: unknown, who: Identifiers): unknown {
  if (typeof value === 'string') return redactText(value, who)
  if (Array.isArray(value)) return value.map((item) => redactJson(item, who))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redactText(key, who), redactJson(item, who)]),
    )
  }
  return value
}

/**
 * A text or jsonb column redaction reaches, and the key that names its row. `only` narrows the
 * rows read with a cheap condition first: the ILIKE over a large table's text is the cost.
 */
type Target = { table: string; column: string; key: string; json: boolean; only?: SQL }

/**
 * The History entries whose details name talents other than their own entity (shared/activity.ts):
 * a merge names the merged, its undo the restored, an export its filter. A talent's own entries
 * are replaced whole (scrub.ts). A new action whose details name other talents goes here.
 */
export const ACTIONS_NAMING_OTHERS = ['talent.merged', 'talent.merge_undone', 'talent.exported']

export const NAMING_OTHERS = sql`action IN (${sql.join(
  ACTIONS_NAMING_OTHERS.map((a) => sql`${a}`),
  sql`, `,
)})`

/** History, the one large table redaction reads: a batch finds its rows in one pass (batch.ts). */
export const HISTORY_TARGET: Target = {
  table: 'activity_log',
  column: 'details',
  key: 'id',
  json: true,
  only: NAMING_OTHERS,
}

/**
 * Columns where a person's values may sit inside other records (security rule 50): History of
 * other talents (a merge names the merged), bulk actions' filters, jobs, kept undo reports, saved
 * searches. coverage.ts lists them as "its values redacted".
 */
export const REDACTED_COLUMNS: readonly Target[] = [
  HISTORY_TARGET,
  { table: 'bulk_actions', column: 'payload', key: 'id', json: true },
  { table: 'bulk_actions', column: 'selection', key: 'id', json: true },
  { table: 'jobs', column: 'payload', key: 'id', json: true },
  { table: 'jobs', column: 'last_error', key: 'id', json: false },
  { table: 'spreadsheet_imports', column: 'undo_kept', key: 'id', json: true },
  { table: 'spreadsheet_imports', column: 'error', key: 'id', json: false },
  { table: 'saved_views', column: 'state', key: 'id', json: true },
]

/** `%value%` for each identifier: what ILIKE looks for. */
export const likePatterns = (who: Identifiers) =>
  needles(who).map((needle) => `%${escapeLike(needle)}%`)

/** `column::text ILIKE any(patterns)`: the rows worth reading, found by the database. */
function mentions(target: Target, who: Identifiers, narrow?: SQL): SQL {
  const column = sql`${sql.identifier(target.column)}::text`
  const anyPattern = sql.join(
    likePatterns(who).map((pattern) => sql`${column} ILIKE ${pattern}`),
    sql` OR `,
  )
  const cheap = [target.only, narrow].filter((part) => part !== undefined)
  return cheap.length === 0 ? anyPattern : sql`${sql.join(cheap, sql` AND `)} AND (${anyPattern})`
}

/**
 * What a pass over a batch of people found in History (batch.ts): the entries that named this
 * person then, and the id above which entries may have been written since. The person's own
 * transaction reads those again, with the same condition: an entry changed meanwhile is judged
 * as it is now, and one written since the pass is read too.
 */
export type HistoryHint = { ids: readonly number[]; after: number }

/**
 * Redacts the person's values wherever REDACTED_COLUMNS hold them; returns rows changed. Every
 * table is read, and its rows locked, in one statement; with a hint, History only where it says.
 */
export async function redactMentions(
  tx: Db,
  who: Identifiers,
  history?: HistoryHint,
): Promise<number> {
  if (needles(who).length === 0) return 0
  const reads = REDACTED_COLUMNS.map((target, i) => {
    const narrow =
      target === HISTORY_TARGET && history
        ? sql`(id = ANY(${intArray(history.ids)}) OR id > ${history.after})`
        : undefined
    return sql`${sql.identifier(`t${i}`)} AS (SELECT ${sql.identifier(target.key)} AS key,
      ${sql.identifier(target.column)}::text AS value FROM ${sql.identifier(target.table)}
      WHERE ${mentions(target, who, narrow)} FOR UPDATE)`
  })
  const union = sql.join(
    REDACTED_COLUMNS.map(
      (_, i) => sql`SELECT ${i}::int AS target, key, value FROM ${sql.identifier(`t${i}`)}`,
    ),
    sql` UNION ALL `,
  )
  const rows = await rawRows<{ target: number; key: number; value: string }>(
    tx,
    sql`WITH ${sql.join(reads, sql`, `)} ${union}`,
  )
  for (const row of rows) {
    const target = REDACTED_COLUMNS[row.target]
    if (!target) continue
    const value = target.json
      ? sql`${JSON.stringify(redactJson(JSON.parse(row.value), who))}::jsonb`
      : sql`${redactText(row.value, who)}`
    await tx.execute(
      sql`UPDATE ${sql.identifier(target.table)} SET ${sql.identifier(target.column)} = ${value}
          WHERE ${sql.identifier(target.key)} = ${row.key}`,
    )
  }
  return rows.length
}

const intArray = (values: readonly number[]) =>
  sql`ARRAY[${sql.join(
    [0, ...values].map((v) => sql`${v}`),
    sql`, `,
  )}]::integer[]`
