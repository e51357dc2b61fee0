import { sql, type SQL } from 'drizzle-orm'
import { idArray } from '../db/id-array.ts'
import type { Db } from '../db/open.ts'

/*
 * Before-images of talents for change sets (changes/ in docs/architecture.md, "Shared modules"). Set-based, so
 * an operation on 100,000 talents records them in a few statements: bulk actions use it first;
 * spreadsheet imports (rows matched to existing talents) and merges (the survivor's fields, the
 * merged-away talents) record through the same functions and are undone by revert-talents.ts.
 *
 * An image is jsonb keyed by column name, as to_jsonb(row) names them, so undo reads it back with
 * jsonb_populate_record(null::talents, image) whatever the column's type.
 */

/** Columns a change set may update and undo put back, with the name the API and History use. */
export const RESTORABLE_COLUMNS = {
  full_name: 'fullName',
  email: 'email',
  phone: 'phone',
  linkedin_url: 'linkedinUrl',
  cv_resume_path: 'cvResumePath',
  area_of_interest: 'areaOfInterest',
  seniority_level: 'seniorityLevel',
  notes: 'notes',
  tags: 'tags',
  status: 'status',
} as const
export type RestorableColumn = keyof typeof RESTORABLE_COLUMNS

const COLUMN_NAMES = Object.keys(RESTORABLE_COLUMNS) as RestorableColumn[]
/** A deleted talent's whole row: the restorable columns and what undo inserts besides. */
const ROW_COLUMNS = [...COLUMN_NAMES, 'id', 'added_by_id', 'created_at', 'updated_at'] as const

/** jsonb_build_object('tags', t.tags, …): the image of `columns` of the row named `alias`. */
export function imageOf(alias: string, columns: readonly string[]): SQL {
  const pairs = columns.map(
    (column) => sql`${column}::text, ${sql.identifier(alias)}.${sql.identifier(column)}`,
  )
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`
}

/**
 * The History `changes` of a talent between two images, in RESTORABLE_COLUMNS order, only for
 * columns both images hold and whose value differs: [{ field, from, to }] as talent.updated stores.
 */
export function changesBetween(from: SQL, to: SQL): SQL {
  const names = sql.join(
    COLUMN_NAMES.map((c, n) => sql`(${c}::text, ${RESTORABLE_COLUMNS[c]}::text, ${n}::int)`),
    sql`, `,
  )
  return sql`(select coalesce(jsonb_agg(jsonb_build_object('field', k.api, 'from', (${from}) -> k.col, 'to', (${to}) -> k.col) order by k.n), '[]'::jsonb)
    from (values ${names}) k(col, api, n)
    where (${from}) ? k.col and (${to}) ? k.col
      and ((${from}) -> k.col) is distinct from ((${to}) -> k.col))`
}

/**
 * Records the before-image of `columns` for each talent in `ids`, ahead of an update. The caller
 * has locked the rows (FOR UPDATE, in id order) and calls stampUpdatedTalents after updating.
 */
export async function recordTalentUpdates(
  tx: Db,
  changeSetId: number,
  ids: readonly number[],
  columns: readonly RestorableColumn[],
): Promise<void> {
  if (ids.length === 0) return
  await tx.execute(sql`
    insert into change_set_rows (change_set_id, entity, entity_id, op, before)
    select ${changeSetId}, 'talent', t.id, 'updated', ${imageOf('t', columns)}
    from talents t where t.id = any(${idArray(ids)})`)
}

/** After the update: each updated talent's updated_at, so undo can tell a later edit apart. */
export async function stampUpdatedTalents(tx: Db, changeSetId: number): Promise<void> {
  await tx.execute(sql`
    update change_set_rows c set stamp = t.updated_at
    from talents t
    where c.change_set_id = ${changeSetId} and c.entity = 'talent' and c.op = 'updated'
      and c.stamp is null and t.id = c.entity_id`)
}

/**
 * Records talents about to be deleted: the whole row, and each CV version with its file, which
 * stays stored while the record does (migration 0015), so undo brings the CVs back too.
 */
export async function recordTalentDeletes(
  tx: Db,
  changeSetId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return
  await tx.execute(sql`
    insert into change_set_rows (change_set_id, entity, entity_id, op, before)
    select ${changeSetId}, 'talent', t.id, 'deleted', ${imageOf('t', ROW_COLUMNS)}
    from talents t where t.id = any(${idArray(ids)})`)
  await tx.execute(sql`
    insert into change_set_rows (change_set_id, entity, entity_id, op, before, sha256)
    select ${changeSetId}, 'talent_cv', c.id, 'deleted', to_jsonb(c), c.sha256
    from talent_cvs c where c.talent_id = any(${idArray(ids)})`)
}
