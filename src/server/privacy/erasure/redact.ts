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
function needles(who: Identifiers): string[] {
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

/**
 * Columns where a person's values may sit inside other records (security rule 50): History of
 * other talents (a merge names the merged), bulk actions' filters, jobs, kept undo reports, saved
 * searches. coverage.ts lists them as "its values redacted".
 */
export const REDACTED_COLUMNS: readonly Target[] = [
  {
    table: 'activity_log',
    column: 'details',
    key: 'id',
    json: true,
    only: sql`action IN (${sql.join(
      ACTIONS_NAMING_OTHERS.map((a) => sql`${a}`),
      sql`, `,
    )})`,
  },
  { table: 'bulk_actions', column: 'payload', key: 'id', json: true },
  { table: 'bulk_actions', column: 'selection', key: 'id', json: true },
  { table: 'jobs', column: 'payload', key: 'id', json: true },
  { table: 'jobs', column: 'last_error', key: 'id', json: false },
  { table: 'spreadsheet_imports', column: 'undo_kept', key: 'id', json: true },
  { table: 'spreadsheet_imports', column: 'error', key: 'id', json: false },
  { table: 'saved_views', column: 'state', key: 'id', json: true },
]

/** `column::text ILIKE any(patterns)`: the rows worth reading, found by the database. */
function mentions(target: Target, who: Identifiers): SQL {
  const patterns = needles(who).map((needle) => `%${escapeLike(needle)}%`)
  const column = sql`${sql.identifier(target.column)}::text`
  const anyPattern = sql.join(
    patterns.map((pattern) => sql`${column} ILIKE ${pattern}`),
    sql` OR `,
  )
  return target.only ? sql`${target.only} AND (${anyPattern})` : anyPattern
}

/** Redacts the person's values wherever REDACTED_COLUMNS hold them; returns rows changed. */
export async function redactMentions(tx: Db, who: Identifiers): Promise<number> {
  if (needles(who).length === 0) return 0
  let changed = 0
  for (const target of REDACTED_COLUMNS) {
    const table = sql.identifier(target.table)
    const key = sql.identifier(target.key)
    const column = sql.identifier(target.column)
    const rows = await rawRows<{ key: number; value: unknown }>(
      tx,
      sql`SELECT ${key} AS key, ${column} AS value FROM ${table} WHERE ${mentions(target, who)}
          FOR UPDATE`,
    )
    for (const row of rows) {
      const value = target.json
        ? sql`${JSON.stringify(redactJson(row.value, who))}::jsonb`
        : sql`${redactText(String(row.value), who)}`
      await tx.execute(sql`UPDATE ${table} SET ${column} = ${value} WHERE ${key} = ${row.key}`)
      changed++
    }
  }
  return changed
}
