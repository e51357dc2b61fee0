import { setImmediate as nextTurn } from 'node:timers/promises'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/open.ts'
import { rawRows } from '../../db/raw-rows.ts'
import { likePatterns, NAMING_OTHERS, type HistoryHint, type Identifiers } from './redact.ts'

/**
 * What one pass over a batch of people finds for each person's own transaction (a retention run
 * erases or anonymises each in its own, security rule 58). Both are hints the transaction checks
 * again, so a row changed between the pass and the erasure is judged as it is then:
 * - `history`: the History entries naming others that held the person's values (redact.ts);
 * - `witnesses`: for dictionary words, a talent outside the batch whose documents held the word,
 *   so dropOrphanWords (scrub.ts) reads one row instead of the search index's whole entry.
 */
export type ScrubHints = { history: HistoryHint; witnesses: ReadonlyMap<string, number> }

export type BatchPerson = Identifiers & { id: number }

/**
 * History entries written in the last this-many ids before the pass are read again by each
 * person's transaction, with those written since: an entry whose transaction had its id but had
 * not committed when the pass read the table is not missed. Known limit: a transaction that took
 * its id before more than this many others were written, and committed only after the pass, goes
 * unseen (History's writes are short; a long import's own entries name the talent it wrote).
 */
const HISTORY_OVERLAP = 1_000

/** History is read in slices of this many ids: each statement short, the engine free between. */
const HISTORY_SLICE = 25_000

/**
 * Talents whose words are looked at for witnesses: a word held by one in a hundred is seen among
 * them all but surely, and a rarer word's index entry is short enough to read.
 */
const WITNESS_SAMPLE = 500

const intArray = (values: readonly number[]) =>
  sql`ARRAY[${sql.join(
    [0, ...values].map((v) => sql`${v}`),
    sql`, `,
  )}]::integer[]`
const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ['', ...values].map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/** One pass over History for every person of the batch: which entries mention whom. */
async function historyHits(db: Db, people: readonly BatchPerson[]) {
  const [top] = await rawRows<{ id: number }>(
    db,
    sql`SELECT coalesce(max(id), 0)::int AS id FROM activity_log`,
  )
  const upTo = top?.id ?? 0
  const patterns: string[] = []
  const owners: number[] = []
  for (const person of people) {
    for (const pattern of likePatterns(person)) {
      patterns.push(pattern)
      owners.push(person.id)
    }
  }
  const found = new Map<number, number[]>()
  for (let from = 0; patterns.length > 0 && from < upTo; from += HISTORY_SLICE) {
    const rows = await rawRows<{ id: number; owner: number }>(
      db,
      sql`WITH hit AS (
            SELECT id, details::text AS text FROM activity_log
            WHERE id > ${from} AND id <= ${Math.min(upTo, from + HISTORY_SLICE)}
              AND ${NAMING_OTHERS} AND details::text ILIKE ANY(${textArray(patterns)}))
          SELECT DISTINCT hit.id, p.owner FROM hit,
            unnest(${textArray(patterns)}, ${intArray(owners)}) AS p(pattern, owner)
          WHERE hit.text ILIKE p.pattern`,
    )
    for (const row of rows) found.set(row.owner, [...(found.get(row.owner) ?? []), row.id])
    await nextTurn()
  }
  return { found, after: Math.max(0, upTo - HISTORY_OVERLAP) }
}

/**
 * A talent holding each of `words`, among a sample of talents not in `exclude`, where one is
 * seen (the batch's words, or one erasure's): dropOrphanWords reads that one row first.
 */
export async function wordWitnesses(
  db: Db,
  wanted: SQL,
  exclude: readonly number[],
): Promise<Map<string, number>> {
  const rows = await rawRows<{ word: string; holder: number }>(
    db,
    sql`WITH wanted AS (${wanted}),
        sample AS (
          SELECT id, search_document || search_cv_document AS doc FROM talents
          WHERE id <> ALL(${intArray(exclude)}) ORDER BY id DESC LIMIT ${WITNESS_SAMPLE})
        SELECT DISTINCT ON (l.word) l.word, s.id AS holder
        FROM sample s, unnest(tsvector_to_array(s.doc)) AS l(word)
        WHERE l.word IN (SELECT word FROM wanted)
        ORDER BY l.word, s.id`,
  )
  return new Map(rows.map((row) => [row.word, row.holder]))
}

/** The words of the given talents' documents that the typo dictionary holds. */
export const dictionaryWordsOf = (ids: readonly number[]) =>
  sql`SELECT DISTINCT w AS word FROM talents t, search_dictionary_words(t.search_document) w
      WHERE t.id = ANY(${intArray(ids)})`

/** The given words, as `wordWitnesses` takes them. */
export const wordsAsRows = (words: readonly string[]) =>
  sql`SELECT unnest(${textArray(words)}) AS word`

/** The hints of each person of a batch, read outside any of their transactions. */
export async function scanBatch(
  db: Db,
  people: readonly BatchPerson[],
): Promise<Map<number, ScrubHints>> {
  const history = await historyHits(db, people)
  const ids = people.map((person) => person.id)
  const witnesses = await wordWitnesses(db, dictionaryWordsOf(ids), ids)
  return new Map(
    people.map((person) => [
      person.id,
      { history: { ids: history.found.get(person.id) ?? [], after: history.after }, witnesses },
    ]),
  )
}
