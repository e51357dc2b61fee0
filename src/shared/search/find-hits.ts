import type { PhraseTerm, WordTerm } from './parse-query.ts'
import { isCorrection, typoBudget } from './typo.ts'

/** A hit as [start, end) offsets into the text searched. */
export type Hit = [number, number]

/** The terms a text is searched for: a query's words and phrases, exclusions left out. */
export type TextTerm = WordTerm | PhraseTerm

/**
 * The spec's search finds `ann` inside "Joanna": a word of this many characters or more also
 * matches inside a name or e-mail; shorter ones would match most names.
 */
export const SUBSTRING_MIN_LENGTH = 3

export function matchesInsideNames(term: TextTerm): boolean {
  return term.kind === 'word' && [...term.norm].length >= SUBSTRING_MIN_LENGTH
}

/**
 * Letters unaccent (the server's accent folding) rewrites but Unicode does not decompose. The
 * rest come off with their combining marks.
 */
const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
}

function foldChar(char: string): string {
  const lower = char.toLowerCase()
  return SPECIAL_FOLDS[lower] ?? lower.normalize('NFKD').replace(/\p{M}/gu, '')
}

/**
 * A text folded as the search folds it (lower case, accents off), with, for each folded
 * character, where its source character starts and ends in the original text — or no map when
 * folding kept every offset (ASCII, most text: only its case changes).
 */
export type FoldedText = { text: string; map: { starts: number[]; ends: number[] } | undefined }

const NOT_ASCII = /[^\p{ASCII}]/u

export function foldText(source: string): FoldedText {
  if (!NOT_ASCII.test(source)) return { text: source.toLowerCase(), map: undefined }
  const pieces: string[] = []
  const starts: number[] = []
  const ends: number[] = []
  for (let i = 0; i < source.length;) {
    const code = source.codePointAt(i) ?? 0
    const char = String.fromCodePoint(code)
    // ASCII is most of any text: only its case changes.
    const folded = code < 128 ? char.toLowerCase() : foldChar(char)
    for (let k = 0; k < folded.length; k++) {
      starts.push(i)
      ends.push(i + char.length)
    }
    pieces.push(folded)
    i += char.length
  }
  return { text: pieces.join(''), map: { starts, ends } }
}

const NOT_WORD = /[^\p{L}\p{N}]+/u
const WORD_CHAR = /[\p{L}\p{N}]/u

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
}

/**
 * How a term is found in folded text. A term of one piece is a literal found with indexOf, its
 * word boundaries checked by hand: a regular expression opening with a lookbehind cannot skip
 * ahead to its literal and was 12 % of the server's time in bench:search. A term of several
 * pieces (a phrase, `node.js`) is a regular expression.
 */
export type Finder =
  | { literal: string; wordStart: boolean; wordEnd: boolean }
  | { pattern: RegExp; literal?: undefined }

/**
 * What finds a term as the database's parser cuts words: its pieces in order, anything but
 * letters and digits between them, whole words (a prefix may end inside one). `inside`: anywhere,
 * even inside a word (a name's `ann`). Undefined for a term with no letters or digits.
 */
export function termFinder(term: TextTerm, inside: boolean): Finder | undefined {
  const folded = foldText(term.norm).text
  if (inside) return { literal: folded, wordStart: false, wordEnd: false }
  const pieces = folded.split(NOT_WORD).filter((piece) => piece !== '')
  const [only] = pieces
  const isPrefix = term.kind === 'word' && term.prefix
  if (only === undefined) return undefined
  if (pieces.length === 1) return { literal: only, wordStart: true, wordEnd: !isPrefix }
  const body = pieces.map(escapeRegExp).join('[^\\p{L}\\p{N}]+')
  const end = isPrefix ? '' : '(?![\\p{L}\\p{N}])'
  return { pattern: new RegExp(`(?<![\\p{L}\\p{N}])${body}${end}`, 'gu') }
}

/**
 * A term's finders, made once per request: whole words (undefined for a term with no letters),
 * inside words for the terms that may match inside a name or e-mail, and the folded word whose
 * typos are forgiven (`pyhton` lights up Python), undefined when none are.
 */
export type TermMatcher = {
  whole: Finder | undefined
  inside: Finder | undefined
  typo: string | undefined
}

function typoWord(term: TextTerm): string | undefined {
  if (term.kind !== 'word') return undefined
  const folded = foldText(term.norm).text
  return typoBudget(folded) > 0 ? folded : undefined
}

export function termMatchers(terms: TextTerm[]): TermMatcher[] {
  return terms.map((term) => ({
    whole: termFinder(term, false),
    inside: matchesInsideNames(term) ? termFinder(term, true) : undefined,
    typo: typoWord(term),
  }))
}

const WORDS = /[\p{L}\p{N}]+/gu

/**
 * The words of `text` that `typed` is a typo of (shared/search/typo.ts rules, as the server's
 * dictionary corrects), as offsets into the original text. The server looks hits up this way only
 * where the exact word is not found, so most texts are never scanned.
 */
export function findTypoHits(text: FoldedText, typed: string): Hit[] {
  const hits: Hit[] = []
  const budget = typoBudget(typed)
  for (const match of text.text.matchAll(WORDS)) {
    const word = match[0]
    if (Math.abs(word.length - typed.length) > budget || !isCorrection(typed, word)) continue
    const start = match.index
    const end = start + word.length
    const from = text.map ? text.map.starts[start] : start
    const to = text.map ? text.map.ends[end - 1] : end
    if (from !== undefined && to !== undefined) hits.push([from, to])
  }
  return hits
}

function isWordChar(text: string, at: number): boolean {
  return at >= 0 && at < text.length && WORD_CHAR.test(text.charAt(at))
}

/** [start, end) of each occurrence in folded text. */
function occurrences(text: string, finder: Finder): Hit[] {
  if (finder.literal === undefined) {
    return [...text.matchAll(finder.pattern)].map((m): Hit => [m.index, m.index + m[0].length])
  }
  const { literal, wordStart, wordEnd } = finder
  const found: Hit[] = []
  if (literal === '') return found
  for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) {
    const end = at + literal.length
    if (wordStart && isWordChar(text, at - 1)) continue
    if (wordEnd && isWordChar(text, end)) continue
    found.push([at, end])
  }
  return found
}

/** Every hit of `finder` in `text`, as offsets into the original (unfolded) text. */
export function findHits(text: FoldedText, finder: Finder): Hit[] {
  const hits: Hit[] = []
  for (const [start, end] of occurrences(text.text, finder)) {
    const from = text.map ? text.map.starts[start] : start
    const to = text.map ? text.map.ends[end - 1] : end
    if (from !== undefined && to !== undefined && end > start) hits.push([from, to])
  }
  return hits
}
