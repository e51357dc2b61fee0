/**
 * Security rule 45: characters a PostgreSQL text or jsonb value refuses — NUL, and a UTF-16
 * surrogate standing alone (a spreadsheet's UTF-16 or XML can hold one; JSON.stringify writes it
 * as an escape jsonb rejects). Met in a file, they are found where the file is checked, so a row
 * is refused with its reason instead of a write failing later, after the person pressed Run.
 */
// NUL is the very character looked for here.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Cs}]/u
// eslint-disable-next-line no-control-regex
const UNSTORABLE_ALL = /[\u0000\p{Cs}]/gu

/** The first character of `text` no database column stores, named for a person; else undefined. */
export function unstorableCharacter(text: string): string | undefined {
  const found = UNSTORABLE.exec(text)?.[0]
  if (found === undefined) return undefined
  if (found === '\u0000') return 'NUL (U+0000)'
  const code = found.charCodeAt(0).toString(16).toUpperCase()
  return `half of a character (U+${code})`
}

/** `text` without the characters no database column stores (headers, text read from a file). */
export function withoutUnstorable(text: string): string {
  return text.replace(UNSTORABLE_ALL, '')
}
