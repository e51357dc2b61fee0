import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * Typos: every word (letters only, 4 to 32 of them) the talents' search
 * documents hold, kept by triggers as the documents change (migration 0019) and never pruned.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
})

/**
 * The dictionary's words with up to one or two letters deleted (a symmetric-delete index,
 * migration 0027; docs/decisions/014-typo-lookup-by-deletions.md): a typed word's corrections
 * are the words sharing one of its own deletions, confirmed by optimal-string-alignment distance
 * (search/corrections.ts). Kept by a trigger on search_words.
 */
export const searchWordVariants = pgTable(
  'search_word_variants',
  {
    variant: text('variant').notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variant, t.word] })],
)
