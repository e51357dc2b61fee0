import { sql } from 'drizzle-orm'
import type { Db } from '../../db/open.ts'
import { rawRows } from '../../db/raw-rows.ts'
import { escapeLike } from '../../db/escape-like.ts'
import type { ScrubHints } from './batch.ts'
import { redactMentions, type Identifiers } from './redact.ts'

/** Who erased and when, as the talent's History entries keep it (security rule 50). */
export type ErasedMark = { by: string | null; at: string }

export const FILE_REMOVED_MESSAGE =
  'The uploaded file was removed: a person in it was erased. Upload it again to import the rest.'

const ids = (values: readonly number[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::integer[]`
const texts = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/**
 * Removes every copy of a talent's personal data outside its own row, in the caller's
 * transaction (security rule 50; coverage.ts lists each column): CV versions and their files
 * and text, undo data, import rows and files, duplicate pairs and merges, History values and
 * mentions elsewhere. The row itself is the caller's: erase deletes it, anonymise overwrites it.
 * Returns the typo-dictionary words its search document held, for `dropOrphanWords` once the row
 * is gone or rewritten. `hints`: what a pass over the person's batch found (batch.ts).
 */
export async function scrubTalentTraces(
  tx: Db,
  talentId: number,
  who: Identifiers,
  mark: ErasedMark,
  hints?: ScrubHints,
): Promise<string[]> {
  const words = await rawRows<{ word: string }>(
    tx,
    sql`SELECT DISTINCT w AS word FROM talents t, search_dictionary_words(t.search_document) w
        WHERE t.id = ${talentId}`,
  )
  const versions = await rawRows<{ id: number; sha256: string }>(
    tx,
    sql`SELECT id, sha256 FROM talent_cvs WHERE talent_id = ${talentId}`,
  )
  // Undo data: the talent's rows and its CV versions' rows (a deleted version's row keeps its
  // file). The imports that wrote the talent are found first, through their change sets.
  const changed = await rawRows<{ sha256: string | null; changeSetId: number }>(
    tx,
    sql`DELETE FROM change_set_rows
        WHERE (entity = 'talent' AND entity_id = ${talentId})
           OR (entity = 'talent_cv' AND ((before->>'talent_id')::integer = ${talentId}
               OR entity_id = ANY(${ids([0, ...versions.map((v) => v.id)])})))
        RETURNING sha256, change_set_id AS "changeSetId"`,
  )
  const shas = [
    ...new Set([
      ...versions.map((v) => v.sha256),
      ...changed.flatMap((r) => (r.sha256 ? [r.sha256] : [])),
    ]),
  ]
  const changeSets = [...new Set(changed.map((r) => r.changeSetId))]
  await tx.execute(sql`DELETE FROM talent_cvs WHERE talent_id = ${talentId}`)
  await tx.execute(sql`DELETE FROM cv_uploads WHERE sha256 = ANY(${texts(['', ...shas])})`)
  await tx.execute(
    sql`UPDATE cv_import_items SET file_name = 'Erased', sha256 = NULL, suggested = NULL,
          reason = 'Erased', talent_id = NULL,
          state = CASE WHEN state IN ('queued', 'reading', 'needs_review') THEN 'failed'
                       ELSE state END
        WHERE talent_id = ${talentId} OR sha256 = ANY(${texts(['', ...shas])})`,
  )
  await scrubSpreadsheetImports(tx, who, changeSets)
  await tx.execute(
    sql`DELETE FROM merges WHERE survivor_id = ${talentId} OR ${talentId} = ANY(merged_ids)`,
  )
  await tx.execute(
    sql`DELETE FROM duplicate_dismissals WHERE low_id = ${talentId} OR high_id = ${talentId}`,
  )
  await tx.execute(sql`DELETE FROM duplicate_groups WHERE ${talentId} = ANY(talent_ids)`)
  // History: the talent's own entries keep action and date, their values become the mark.
  await tx.execute(
    sql`UPDATE activity_log SET details = ${JSON.stringify({ erased: mark })}::jsonb
        WHERE entity_type = 'talent' AND entity_id = ${talentId}`,
  )
  await redactMentions(tx, who, hints?.history)
  // Files the triggers kept because a row above still named them when it went.
  await tx.execute(
    sql`DELETE FROM files f WHERE f.sha256 = ANY(${texts(['', ...shas])})
          AND NOT EXISTS (SELECT 1 FROM talent_cvs c WHERE c.sha256 = f.sha256)
          AND NOT EXISTS (SELECT 1 FROM cv_uploads u WHERE u.sha256 = f.sha256)
          AND NOT EXISTS (SELECT 1 FROM cv_import_items i WHERE i.sha256 = f.sha256)
          AND NOT EXISTS (SELECT 1 FROM change_set_rows r WHERE r.sha256 = f.sha256)
          AND NOT EXISTS (SELECT 1 FROM spreadsheet_imports s WHERE s.sha256 = f.sha256)`,
  )
  return words.map((w) => w.word)
}

/**
 * Spreadsheet imports that hold the person: those whose change set wrote the talent, whose
 * uploaded file's bytes hold the e-mail (a CSV), or whose kept dry run lists them. The upload goes
 * (and with it the bad-rows file, made from it on demand); a dry run listing them is dropped and
 * is checked again when asked for. An import still being mapped cannot go on without its file.
 */
const like = (text: string) => `%${escapeLike(text)}%`

async function scrubSpreadsheetImports(tx: Db, who: Identifiers, changeSets: number[]) {
  const email = who.email.toLowerCase()
  const imports = await rawRows<{ id: number }>(
    tx,
    sql`SELECT s.id FROM spreadsheet_imports s
        WHERE s.change_set_id = ANY(${ids([0, ...changeSets])})
           OR (s.sha256 IS NOT NULL AND EXISTS (
                SELECT 1 FROM files f WHERE f.sha256 = s.sha256
                  AND position(convert_to(${email}, 'UTF8') IN f.bytes) > 0))
           OR EXISTS (SELECT 1 FROM import_dry_runs d WHERE d.import_id = s.id
                AND (d.result::text ILIKE ${like(email)} OR d.result::text ILIKE ${like(who.fullName)}))
        FOR UPDATE`,
  )
  if (imports.length === 0) return
  const importIds = ids(imports.map((i) => i.id))
  await tx.execute(sql`DELETE FROM import_dry_runs WHERE import_id = ANY(${importIds})`)
  await tx.execute(
    sql`UPDATE spreadsheet_imports
        SET sha256 = NULL,
            state = CASE WHEN state = 'mapping' THEN 'failed' ELSE state END,
            error = CASE WHEN state = 'mapping' THEN ${FILE_REMOVED_MESSAGE} ELSE error END
        WHERE id = ANY(${importIds})`,
  )
}

/**
 * The typo dictionary's words (and their variants) that no talent's documents and no tag hold
 * any more: those only the erased person contributed (security rule 50). Call after the row
 * is deleted or rewritten. `witnesses` (batch.ts) name a talent that held a word at the batch's
 * pass: a word its witness still holds stays, read from that one row; the others are looked up
 * in the search index, whose entry for a common word lists a good part of the pool.
 */
export async function dropOrphanWords(
  tx: Db,
  words: readonly string[],
  witnesses?: ReadonlyMap<string, number>,
): Promise<number> {
  let candidates = [...words]
  const vouched = candidates.filter((word) => witnesses?.has(word))
  if (vouched.length > 0) {
    const held = await rawRows<{ word: string }>(
      tx,
      sql`SELECT v.word FROM unnest(${texts(vouched)},
            ${ids(vouched.map((word) => witnesses?.get(word) ?? 0))}) AS v(word, holder)
          JOIN talents t ON t.id = v.holder
          WHERE (t.search_document || t.search_cv_document) @@ quote_literal(v.word)::tsquery`,
    )
    const stays = new Set(held.map((row) => row.word))
    candidates = candidates.filter((word) => !stays.has(word))
  }
  if (candidates.length === 0) return 0
  const gone = await rawRows<{ word: string }>(
    tx,
    sql`DELETE FROM search_words w WHERE w.word = ANY(${texts(candidates)})
          AND NOT EXISTS (SELECT 1 FROM tags g WHERE lower(g.name) LIKE '%' || w.word || '%')
          AND NOT EXISTS (SELECT 1 FROM talents t
            WHERE (t.search_document || t.search_cv_document) @@ quote_literal(w.word)::tsquery)
        RETURNING w.word`,
  )
  if (gone.length === 0) return 0
  await tx.execute(
    sql`DELETE FROM search_word_variants v
        USING (SELECT g AS word, unnest(search_word_deletions(g, search_word_reach(g))) AS variant
               FROM unnest(${texts(gone.map((g) => g.word))}) g) d
        WHERE v.variant = d.variant AND v.word = d.word`,
  )
  return gone.length
}
