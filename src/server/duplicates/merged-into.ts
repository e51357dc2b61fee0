import { sql } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'

/**
 * The talents merged into `talentId` and not brought back, through any chain of merges (A into
 * B, then B into C): their History is shown on the survivor.
 */
export async function talentsMergedInto(db: Db, talentId: number): Promise<number[]> {
  const rows = await rawRows<{ id: number }>(
    db,
    sql`WITH RECURSIVE merged(id) AS (
      SELECT unnest(merged_ids) FROM merges WHERE survivor_id = ${talentId} AND undone_at IS NULL
      UNION
      SELECT unnest(m.merged_ids) FROM merges m JOIN merged ON m.survivor_id = merged.id
      WHERE m.undone_at IS NULL
    ) SELECT id FROM merged`,
  )
  return rows.map((row) => row.id)
}
