import { and, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ParsedQuery, PhraseTerm, SearchTerm, WordTerm } from '#shared/search/parse-query.ts'
import { matchesInsideNames, type TextTerm } from '#shared/search/find-hits.ts'
import { talents } from '../db/schema.ts'
import { escapeLike } from '../db/escape-like.ts'
import { correctionQuery, type Corrections } from './corrections.ts'
import { fieldTermCondition } from './field-terms.ts'

/**
 * The query language as SQL over the talent's search documents (migration 0012). Every
 * text is a bound parameter; the tsqueries are built by the database from it.
 */

/** Both documents, exactly as the GIN index talents_search_idx is built (schema.ts). */
const searchVector = sql`(${talents.searchDocument} || ${talents.searchCvDocument})`

/**
 * A word or phrase as the documents were cut: the same parser ('simple'), accents folded the same
 * way. phraseto_tsquery, not plainto: a word the parser cuts in pieces (`node-js`) must match
 * them in order, as the document has them.
 */
function exactQuery(norm: string): SQL {
  return sql`phraseto_tsquery('simple', search_unaccent(${norm}))`
}

/**
 * The same, its last lexeme a prefix (`kube` → 'kube':*). The tsquery's text form quotes every
 * lexeme, so appending `:*` marks the last one; an empty query stays NULL (it matches nothing).
 */
function prefixQuery(norm: string): SQL {
  return sql`(nullif(${exactQuery(norm)}::text, '') || ':*')::tsquery`
}

function nameSubstring(term: WordTerm): SQL {
  const pattern = `%${escapeLike(term.norm)}%`
  return sql`(${talents.fullName} ilike ${pattern} or ${talents.email} ilike ${pattern})`
}

function wordCondition(term: WordTerm, corrections: Corrections): SQL {
  const typed = term.prefix ? prefixQuery(term.norm) : exactQuery(term.norm)
  // The words it may be a typo of, looked up before the SQL was built (corrections.ts).
  const corrected = correctionQuery(term, corrections)
  const query = corrected ? sql`(${typed} || ${corrected})` : typed
  const inDocuments = sql`${searchVector} @@ ${query}`
  // The spec's `ann` finds Joanna: a name or e-mail substring (trigram indexes) counts too.
  return matchesInsideNames(term) ? sql`(${inDocuments} or ${nameSubstring(term)})` : inDocuments
}

function phraseCondition(term: PhraseTerm): SQL {
  return sql`${searchVector} @@ ${exactQuery(term.norm)}`
}

const EXCLUDED = 'excluded'
const excluded = alias(talents, EXCLUDED)

/**
 * `-word`, `-"phrase"`: talents whose documents hold it are left out — whole words only (`-java`
 * keeps a Javier). Asked of the GIN index as an anti-join rather than row by row: testing each
 * row's documents read every CV vector and took 340-900 ms for `-voluptas` at 100,000 talents
 * on PostgreSQL, the anti-join 30-45 ms.
 */
function exclusionCondition(term: TextTerm): SQL {
  const vector = sql`(${excluded.searchDocument} || ${excluded.searchCvDocument})`
  const from = sql`${talents} as ${sql.identifier(EXCLUDED)}`
  return sql`not exists (select 1 from ${from} where ${excluded.id} = ${talents.id} and ${vector} @@ ${exactQuery(term.norm)})`
}

function termCondition(term: SearchTerm, corrections: Corrections): SQL {
  if (term.kind === 'field') {
    const condition = fieldTermCondition(term)
    // An exclusion keeps the rows where the term is false or unknown (a talent without an adder
    // is not excluded by `-addedby:rita`).
    return term.negated ? sql`not coalesce(${condition}, false)` : condition
  }
  if (term.negated) return exclusionCondition(term)
  return term.kind === 'word' ? wordCondition(term, corrections) : phraseCondition(term)
}

/**
 * Every clause must hold, any term of a clause will do. A query of exclusions only is everyone
 * except them. Undefined when the query has no clauses (no search). `corrections` are the
 * query's (lookUpCorrections).
 */
export function searchCondition(parsed: ParsedQuery, corrections: Corrections): SQL | undefined {
  const condition = (term: SearchTerm) => termCondition(term, corrections)
  return and(...parsed.clauses.map((clause) => or(...clause.anyOf.map(condition))))
}

/** The words and phrases a talent is ranked (and its snippet highlighted) by. */
export function rankTerms(parsed: ParsedQuery): TextTerm[] {
  return parsed.clauses.flatMap((clause) =>
    clause.anyOf.filter((term): term is TextTerm => term.kind !== 'field' && !term.negated),
  )
}

/**
 * The talents a broad query is ranked among, as two id queries (at 1,000,000 talents):
 * its newest `within` matches, and the newest `within` whose name or e-mail holds one of its
 * words — the fields that rank highest (undefined when no word can match inside a name). Ranking
 * a word in 200,000 talents read and scored every one of them, 1.4-2.7 s on PostgreSQL; the
 * newest matches come off the primary key in the order it keeps. `where`: the whole filter.
 */
export function rankCandidates(
  where: SQL | undefined,
  terms: TextTerm[],
  within: number,
): { newest: SQL; named: SQL | undefined } {
  const newest = (condition: SQL | undefined) =>
    sql`select ${talents.id} from ${talents} where ${and(where, condition) ?? sql`true`} order by ${talents.id} desc limit ${within}`
  const names = terms.filter((term): term is WordTerm => matchesInsideNames(term))
  const named = names.length > 0 ? newest(or(...names.map(nameSubstring))) : undefined
  return { newest: newest(undefined), named }
}

/**
 * ts_rank's weights for D, C, B and A: the CV, notes (phone, link), tags (statuses, area, level),
 * name and e-mail.
 */
const WEIGHTS = sql`'{0.1, 0.2, 0.4, 1.0}'::float4[]`

/** A name or e-mail substring hit ranks between a whole-word hit there (A) and one in tags (B). */
const SUBSTRING_WEIGHT = 0.5

/** A prefix-only hit counts half an exact one, so `kube` ranks kube above kubernetes. */
const PREFIX_WEIGHT = 0.5

/** A corrected hit half a prefix: `pyhton` ranks a pyhton above a python in the same field. */
const CORRECTED_WEIGHT = 0.25

/**
 * When a query has typo corrections, what a talent gains for each of its words (or phrases) it
 * holds as typed (exactly, as a prefix while typing, inside a name or e-mail) in its own fields:
 * more than every other part of the rank together (ts_rank's ≤ 1, the prefix, corrected and
 * substring parts ≤ 1.25), so it ranks above every talent that only holds a correction of that
 * word, whatever the fields. Without it `cobol` listed 10 talents of `cool-….com`
 * (a corrected hit in the e-mail, A) above the one with COBOL in her notes (C): the relevance
 * set (bench:search --relevance) ranked planted answers 2nd-10th, or not at all.
 */
const AS_TYPED_BONUS = 10

/**
 * A name or e-mail holds the word: strpos, not the WHERE's ILIKE (which the trigram index needs):
 * the same test, and a third cheaper per row (18 -> 13 ms over 20,000 matches).
 */
function inNames(term: WordTerm): SQL {
  const word = sql`lower(${term.norm})`
  return sql`(strpos(lower(${talents.fullName}), ${word}) > 0 or strpos(lower(${talents.email}), ${word}) > 0)`
}

/** The talent's own fields hold the term as typed: no typo correction needed. */
function asTyped(term: TextTerm): SQL {
  if (term.kind === 'phrase') return sql`${talents.searchDocument} @@ ${exactQuery(term.norm)}`
  const typed = term.prefix ? prefixQuery(term.norm) : exactQuery(term.norm)
  const inDocument = sql`coalesce(${talents.searchDocument} @@ ${typed}, false)`
  return matchesInsideNames(term) ? sql`(${inDocument} or ${inNames(term)})` : inDocument
}

/**
 * Relevance: a word as typed before any typo correction of it (AS_TYPED_BONUS); then
 * name and e-mail hits first, then tags and statuses, notes, CV text; exact before prefix before
 * corrected. ts_rank over the words OR-ed, not ts_rank_cd: for an OR query ts_rank scores each
 * word by its best-weighted occurrence (later ones add less and less), so one hit in the name
 * outranks any number in a CV; ts_rank_cd adds every occurrence up, and a long CV repeating a
 * word outranked the name. Only search_document is read: the CV's vector is large (TOASTed) and
 * reading it for every match would cost more than the whole query (a CV-only hit ranks 0 here,
 * and such hits keep the newest-id order among themselves). A float8: PostgreSQL prints it in the
 * shortest form that reads back exactly, so the relevance cursor carries it without loss (rounding
 * to numeric cost 25 of ~170 ms when ranking 20,000 matches).
 */
export function rankExpression(terms: TextTerm[], corrections: Corrections): SQL | undefined {
  if (terms.length === 0) return undefined
  const rank = (query: SQL) => sql`ts_rank(${WEIGHTS}, ${talents.searchDocument}, ${query})::float8`
  const exact = sql.join(
    terms.map((term) => exactQuery(term.norm)),
    sql` || `,
  )
  const parts = [rank(exact)]
  const prefixed = terms.filter((term) => term.kind === 'word' && term.prefix)
  if (prefixed.length > 0) {
    const prefix = sql.join(
      // An empty prefix query is NULL (prefixQuery); the exact one is then empty too, ranking 0.
      prefixed.map((term) => sql`coalesce(${prefixQuery(term.norm)}, ${exactQuery(term.norm)})`),
      sql` || `,
    )
    parts.push(sql`${PREFIX_WEIGHT / terms.length}::float8 * ${rank(prefix)}`)
  }
  let isCorrected = false
  for (const term of terms) {
    const corrected = correctionQuery(term, corrections)
    if (corrected === undefined) continue
    isCorrected = true
    parts.push(sql`${CORRECTED_WEIGHT / terms.length}::float8 * ${rank(corrected)}`)
  }
  const substrings = terms.filter(
    (term): term is WordTerm => term.kind === 'word' && matchesInsideNames(term),
  )
  for (const term of substrings) {
    parts.push(
      sql`(case when ${inNames(term)} then ${SUBSTRING_WEIGHT / terms.length}::float8 else 0 end)`,
    )
  }
  if (isCorrected) {
    for (const term of terms) {
      parts.push(sql`(case when ${asTyped(term)} then ${AS_TYPED_BONUS}::float8 else 0 end)`)
    }
  }
  return sql`(${sql.join(parts, sql` + `)})`
}
