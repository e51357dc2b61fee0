import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'

/**
 * Security rule 43: the costliest searches the language allows, each distinct (no cache answers
 * one): an OR of `terms` three-letter fragments. A fragment of three letters or more also matches
 * inside every name and e-mail (trigram ILIKE), and the last one is a prefix, so each costs an
 * index scan of both trigram indexes, a document lookup and a substring test per candidate row.
 * The fragments are the commonest three-letter pieces of the pool's names: the broadest ones.
 */
export async function worstSearches(db: Db, count: number, terms: number): Promise<string[]> {
  const rows = await rawRows<{ piece: string }>(
    db,
    sql`select piece from (
          select substr(lower(full_name), i, 3) as piece
          from (select full_name from talents order by id limit 2000) t,
               generate_series(1, 12) as i
        ) p
        where piece ~ '^[a-z]{3}$'
        group by piece order by count(*) desc, piece limit 200`,
  )
  const pieces = rows.map((r) => r.piece)
  if (pieces.length < terms) throw new Error(`only ${pieces.length} fragments in the pool`)
  // Query i takes `terms` fragments from a window that moves by one: every query differs.
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: terms }, (_, k) => pieces[(i + k * 3) % pieces.length]).join(' OR '),
  )
}
