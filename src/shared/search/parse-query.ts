import { lexQuery, type QueryChunk } from './lex-query.ts'
import { resolveFieldValue, searchFieldNamed, type FieldValue } from './search-fields.ts'
import { hasCondition, resolveCustomValue } from './custom-terms.ts'
import type { FieldDefinition } from '../fields.ts'

/**
 * A word to find anywhere (name, e-mail, notes, tags, CV text…). `text` is as typed, for display
 * and printing; `norm` is what to match: lower case, NFKC (accent folding is the server's, as its
 * dictionary does it).
 */
export type WordTerm = {
  kind: 'word'
  text: string
  norm: string
  negated: boolean
  /**
   * The query's last word with nothing typed after it: the user may still be typing it, so it
   * also matches as a prefix (`kube` finds kubernetes). Never on an exclusion:
   * excluding everything that starts with a half-typed word would empty the list at each key.
   */
  prefix: boolean
}

/** Words that must appear together, in order: `"machine learning"`. Spaces inside are collapsed. */
export type PhraseTerm = { kind: 'phrase'; text: string; norm: string; negated: boolean }

/** A filter written in the box: `level:senior`, `-status:hired`. */
export type FieldTerm = { kind: 'field'; negated: boolean } & FieldValue

export type SearchTerm = WordTerm | PhraseTerm | FieldTerm

/** Terms of which at least one must match (`python OR rust`); most clauses hold one term. */
export type SearchClause = { anyOf: SearchTerm[] }

/**
 * A parsed search: every clause must match. No clauses means no search. A query of exclusions
 * only is kept as such; what it returns is the server's decision.
 */
export type ParsedQuery = { clauses: SearchClause[] }

type Item = SearchTerm | 'OR'

const SPACES = /\s+/g
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
/**
 * `name:value` in one piece; the name is a built-in term or a custom field's key (letters, digits,
 * `_`), anything else is a word, so `http://x` is no field.
 */
const FIELD_AND_VALUE = /^([A-Za-z][A-Za-z0-9_]*):(.*)$/s
/** `name:` right before a quoted value: `tag:"High Potential"`. */
const FIELD_BEFORE_QUOTE = /^([A-Za-z][A-Za-z0-9_]*):$/

/** The custom fields the caller may search by, by key (none: only the built-in terms). */
type Fields = ReadonlyMap<string, FieldDefinition>

/**
 * A field term on a custom field: `key:value`, or `has:key`. Undefined when `name` is no custom
 * field's key or the field cannot take the value (then it is read as before).
 */
function customTerm(fields: Fields, name: string, typed: string): FieldValue | undefined {
  const lower = name.toLowerCase()
  if (lower === 'has') {
    const field = fields.get(typed.trim().toLowerCase())
    if (field === undefined) return undefined
    const condition = hasCondition(field)
    return { field: 'custom', key: field.key, label: field.label, value: field.key, condition }
  }
  const field = fields.get(lower)
  const condition = field && resolveCustomValue(field, typed)
  if (field === undefined || condition === undefined) return undefined
  return { field: 'custom', key: field.key, label: field.label, value: typed.trim(), condition }
}

/** A built-in term's value, else a custom field's; undefined when neither takes it. */
function fieldValue(fields: Fields, name: string, typed: string): FieldValue | undefined {
  const custom = customTerm(fields, name, typed)
  if (custom !== undefined) return custom
  const field = searchFieldNamed(name)
  return field === undefined ? undefined : resolveFieldValue(field, typed)
}

const isFieldName = (fields: Fields, name: string) =>
  searchFieldNamed(name) !== undefined || fields.has(name.toLowerCase())

function normalise(text: string): string {
  return text.toLowerCase().normalize('NFKC')
}

function collapseSpaces(text: string): string {
  return text.replace(SPACES, ' ').trim()
}

/**
 * Leading dashes mark an exclusion; more than one means the same (`--foo` is `-foo`), so a word
 * never starts with a dash and prints back unambiguously.
 */
function splitNegation(bare: string): { negated: boolean; rest: string } {
  const rest = bare.replace(/^-+/, '')
  return { negated: rest.length < bare.length, rest }
}

/**
 * A term made only of punctuation or symbols (`-`, `&`, `…`) is dropped: the full-text side
 * indexes no such token, so it could only ever match nothing or everything.
 */
function hasContent(norm: string): boolean {
  return LETTER_OR_DIGIT.test(norm)
}

function word(text: string, negated: boolean, endsInput: boolean): Item[] {
  const norm = normalise(text)
  if (!hasContent(norm)) return []
  return [{ kind: 'word', text, norm, negated, prefix: endsInput && !negated }]
}

function phrase(quoted: string, negated: boolean): Item[] {
  const text = collapseSpaces(quoted)
  const norm = normalise(text)
  return hasContent(norm) ? [{ kind: 'phrase', text, norm, negated }] : []
}

/** A chunk without quotes: `OR`, an exclusion, a field term or a word. */
function readBare(fields: Fields, bare: string, endsInput: boolean): Item[] {
  if (bare === 'OR') return ['OR']
  const { negated, rest } = splitNegation(bare)
  const [, name = '', typed = ''] = FIELD_AND_VALUE.exec(rest) ?? []
  if (!isFieldName(fields, name)) return word(rest, negated, endsInput)
  // `tag:` with nothing after it yet: wait for the value instead of searching the word "tag".
  if (typed === '') return []
  const value = fieldValue(fields, name, typed)
  // A value the field does not take (`level:wizard`) is searched as typed, never an error.
  return value === undefined
    ? word(rest, negated, endsInput)
    : [{ kind: 'field', negated, ...value }]
}

/** A chunk with a quoted part: a phrase, an excluded phrase, a quoted field value, or glued text. */
function readChunk(fields: Fields, { bare, quoted, endsInput }: QueryChunk): Item[] {
  if (quoted === undefined) return readBare(fields, bare, endsInput)
  const { negated, rest } = splitNegation(bare)
  if (rest === '') return phrase(quoted, negated)
  const fieldName = FIELD_BEFORE_QUOTE.exec(rest)?.[1]
  // `foo"bar"` is a word then a phrase, as if a space were between them.
  if (fieldName === undefined) {
    return [...readBare(fields, bare, false), ...phrase(quoted, false)]
  }
  const isField = isFieldName(fields, fieldName)
  const typed = collapseSpaces(quoted)
  if (isField && typed === '') return []
  const value = isField ? fieldValue(fields, fieldName, typed) : undefined
  // Not understood (`foo:"a b"`, `level:"wizard king"`): the whole of it as a phrase, as typed.
  return value === undefined
    ? phrase(rest + quoted, negated)
    : [{ kind: 'field', negated, ...value }]
}

/**
 * `OR` joins the terms either side of it into one clause and binds tighter than the implicit AND,
 * as in web search engines: `a b OR c` is a AND (b OR c). An `OR` with no term on one side
 * (leading, trailing, doubled, alone) joins nothing and is ignored.
 */
function groupClauses(items: Item[]): SearchClause[] {
  const clauses: SearchClause[] = []
  let joinNext = false
  for (const item of items) {
    if (item === 'OR') {
      joinNext = clauses.length > 0
      continue
    }
    const last = clauses.at(-1)
    if (joinNext && last) last.anyOf.push(item)
    else clauses.push({ anyOf: [item] })
    joinNext = false
  }
  return clauses
}

/**
 * Reads the search box's language:
 *
 *     query  = clause*                  every clause must match
 *     clause = term ("OR" term)*        any one of its terms; OR binds tighter than the AND
 *     term   = "-"* (phrase | field | word)        leading dashes exclude
 *     phrase = '"' text '"'
 *     field  = name ":" (value | phrase)           area level tag status addedby has, any case
 *     word   = a run of anything but spaces and quotes
 *
 * Never throws: any text parses to something, and what cannot be understood is searched as
 * typed or, when it could match nothing, left out — an unpaired quote reads as a space, an OR
 * without a term on each side is ignored, `tag:` without a value waits for one, a term of
 * punctuation only is dropped. The input is NFKC-normalised first, so full-width quotes, colons
 * and dashes act as ASCII ones, and `text` holds that normal form.
 *
 * `fields`: the custom fields the caller may see (security rule 65); their keys become field
 * names (`notice:<=4`, `has:languages`, custom-terms.ts). Any other key reads as words.
 */
export function parseQuery(input: string, fields: readonly FieldDefinition[] = []): ParsedQuery {
  const byKey: Fields = new Map(fields.map((f) => [f.key, f]))
  const items = lexQuery(input.normalize('NFKC')).flatMap((chunk) => readChunk(byKey, chunk))
  return { clauses: groupClauses(items) }
}

/** How many terms a query has, operators not counted; the limit is on this (search-query-schema.ts). */
export function termCount(parsed: ParsedQuery): number {
  return parsed.clauses.reduce((sum, clause) => sum + clause.anyOf.length, 0)
}
