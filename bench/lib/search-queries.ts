import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'

/** A class of search the issue budgets, and its queries. */
export type QueryClass = { name: string; kind: 'word' | 'prefix' | 'typo'; queries: string[] }

/** A seeded shuffle, so two runs on the same data send the same queries. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items]
  let state = seed
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    const j = state % (i + 1)
    const a = out[i]
    const b = out[j]
    if (a === undefined || b === undefined) continue
    out[i] = b
    out[j] = a
  }
  return out
}

const LEVELS = ['intern', 'junior', 'mid', 'senior', 'exec']

/**
 * Queries drawn from the data itself, each distinct, so every request is a first request (no
 * page or count cache can answer it): the cost the first visitor of a search pays.
 * - word: one or two words found in 1-2,000 talents (names, note words), a finished word;
 * - phrase: two adjacent words of someone's notes, quoted;
 * - field: a field term with a word (`level:senior schumm`, `-status:hired …`);
 * - prefix: the first 3-5 letters of a word, as typed (the last word is a prefix);
 * - broad word: a word in more than 10,000 talents (a level, a status), ranked in full;
 * - typo: a selective word of 5+ letters with two adjacent letters swapped (`pyhton`), found
 *   through the typo dictionary.
 */
export async function sampleQueries(db: Db, perClass: number): Promise<QueryClass[]> {
  const stats = await rawRows<{ word: string; ndoc: number }>(
    db,
    sql`select word, ndoc from ts_stat('select search_document from talents')
        where word ~ '^[a-z]{4,}$' order by word`,
  )
  const selective = shuffled(
    stats.filter((s) => s.ndoc <= 2000).map((s) => s.word),
    17,
  )
  const broad = stats.filter((s) => s.ndoc > 10_000).map((s) => s.word)
  const notes = await rawRows<{ notes: string }>(
    db,
    sql`select notes from talents where notes is not null order by id limit ${perClass * 4}`,
  )
  const phrases = shuffled(
    notes.flatMap(({ notes: text }) => {
      const words = text.toLowerCase().match(/[a-z]{3,}/g) ?? []
      return words.length > 1 ? [`"${words[0]} ${words[1]}"`] : []
    }),
    23,
  )
  const pick = (list: string[], from: number) => list.slice(from, from + perClass)
  const words = pick(selective, 0).map((w, i) =>
    i % 2 === 0 ? `${w} ` : `${w} ${selective[perClass + i] ?? ''} `,
  )
  const fields = pick(selective, perClass * 2).map((w, i) => {
    const level = LEVELS[i % LEVELS.length] ?? 'mid'
    return i % 2 === 0 ? `level:${level} ${w} ` : `${w} -status:hired `
  })
  const prefixes = [
    ...new Set(pick(selective, perClass * 3).map((w, i) => w.slice(0, 3 + (i % 3)))),
  ]
  const broadWords = Array.from({ length: perClass }, (_, i) => {
    const word = broad[i % Math.max(broad.length, 1)] ?? 'senior'
    // A second, selective word keeps each query distinct; the first still matches 10,000+.
    return i < broad.length ? `${word} ` : `${word} OR ${selective[i] ?? 'x'} `
  })
  const typos = pick(
    selective.filter((w) => w.length >= 5 && w[1] !== w[2]),
    0,
  ).map((w) => `${w[0] ?? ''}${w[2] ?? ''}${w[1] ?? ''}${w.slice(3)} `)
  return [
    { name: 'word', kind: 'word', queries: words },
    { name: 'phrase', kind: 'word', queries: pick(phrases, 0) },
    { name: 'field + word', kind: 'word', queries: fields },
    { name: 'prefix (as you type)', kind: 'prefix', queries: prefixes },
    { name: 'broad word (10,000+ matches)', kind: 'word', queries: broadWords },
    { name: 'typo (one adjacent swap)', kind: 'typo', queries: typos },
  ]
}
