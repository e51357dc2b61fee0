/**
 * Security rule 21 and 42 (OWASP "CSV Injection"): a spreadsheet runs a cell starting with one of
 * these as a formula. A leading apostrophe is in the list too, so `restoreCell` can tell our prefix
 * from a value that really began with one.
 */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', "'"]

/**
 * Whether a spreadsheet could read the cell as a formula. The first character is also checked in
 * its NFKC form: spreadsheet programs fold compatibility forms (full-width '＝', small '﹢',
 * superscript '⁼', …) to the ASCII sign, so '＝HYPERLINK(…)' is as dangerous as '=HYPERLINK(…)'.
 * Only that one code point is normalised: taken with what follows, NFKC may fuse '＝' and a
 * combining mark into '≠' and hide the sign.
 */
export function startsLikeFormula(value: string): boolean {
  const first = value.codePointAt(0)
  if (first === undefined) return false
  const folded = String.fromCodePoint(first).normalize('NFKC')
  return FORMULA_TRIGGERS.some((trigger) => value.startsWith(trigger) || folded.startsWith(trigger))
}

/**
 * A cell as it goes into a file: prefixed with ' when a spreadsheet would read it as a formula.
 * The value itself is written as it is (never normalised), so the importer gets it back exactly.
 */
export function neutraliseCell(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value
}

/**
 * The importer's inverse of neutraliseCell: the value as it was before export. Every value that
 * starts with ' is prefixed on the way out, so a ' followed by a formula start is always ours.
 */
export function restoreCell(value: string): string {
  const wasPrefixed = value.startsWith("'") && startsLikeFormula(value.slice(1))
  return wasPrefixed ? value.slice(1) : value
}
