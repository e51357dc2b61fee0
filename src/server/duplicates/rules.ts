import { sql, type SQL } from 'drizzle-orm'

/*
 * The duplicate rules of issue 19 as SQL, shared by the check while typing (check.ts) and the
 * whole-pool scan (scan.ts), so both judge alike. Keys come from migration 0014: phone_e164,
 * linkedin_key, talent_name_key(), talent_email_local(). Weights are each rule's confidence.
 */
export const RULE_SCORES = {
  email: 1,
  phone: 0.95,
  linkedin: 0.95,
  nameAndEmailName: 0.85,
} as const

/**
 * pg_trgm similarity two names need to count as "very similar" (see similarNameScore), among
 * talents that share a word of the name (talent_name_tokens, migration 0018).
 */
export const NAME_SIMILARITY = 0.6

/** 0.68 for just similar enough, 0.8 for the same name: weaker than any exact key. */
export function similarNameScore(similarity: SQL): SQL {
  return sql`(0.5 + 0.3 * ${similarity})::float8`
}
