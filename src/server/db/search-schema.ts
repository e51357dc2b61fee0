import { index, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * Issue 17 item 1, typos: every word (letters only, 4 to 32 of them) the talents' search
 * documents hold, kept by triggers as the documents change (migration 0019) and never pruned. A
 * typed word's corrections are the dictionary words nearest to it by trigrams (GiST KNN) within
 * its optimal-string-alignment budget (search/search-sql.ts).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
)
