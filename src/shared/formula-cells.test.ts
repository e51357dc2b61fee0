import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { neutraliseCell, restoreCell, startsLikeFormula } from './formula-cells.ts'

/** What a spreadsheet reads as a formula start, written here without the module's own list. */
const FORMULA_START = /^[=+\-@\t\r']/

describe('security rule 42: the formula check sees compatibility forms', () => {
  // Full-width, small, superscript, subscript and Hebrew forms of = + - @ ', and '⩵' ('==').
  const FORMS = ['＝', '＋', '－', '＠', '＇', '﹦', '﹢', '﹣', '﹫', '⁼', '⁺', '₌', '₊', '﬩', '⩵']

  test.each(FORMS)('%s starts a formula: the cell gets the prefix, its text unchanged', (form) => {
    const value = `${form}HYPERLINK("http://evil.example")`
    expect(neutraliseCell(value)).toBe(`'${value}`)
    expect(restoreCell(neutraliseCell(value))).toBe(value)
  })

  test('every code point whose NFKC form starts with = + - @ tab CR or an apostrophe is caught', () => {
    const missed: string[] = []
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const char = String.fromCodePoint(code)
      if (FORMULA_START.test(char.normalize('NFKC')) && !startsLikeFormula(`${char}1`))
        missed.push(code.toString(16))
    }
    expect(missed).toEqual([])
  })

  test('a compatibility form that NFKC would fuse with the next mark is still caught', () => {
    // '＝' and a combining long solidus normalise together to '≠', which hides the '='.
    expect(neutraliseCell('＝\u0338HYPERLINK()')).toBe(`'＝\u0338HYPERLINK()`)
  })

  test.each(['≠1', '\u2212 5', ' ＝1', 'a＝b', '５−３', 'Ｚoë'])('%j stays as it is', (value) => {
    expect(neutraliseCell(value)).toBe(value)
  })

  test('no neutralised cell starts a formula, even folded, and restoreCell gives every value back', () => {
    const heads = [..."=+-@\t\r'＝＋－＠＇﹦⁼"].map((head) => [head, `'${head}`, `''${head}`])
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite' }),
        fc.constantFrom('', ...heads.flat()),
        (tail, head) => {
          const value = head + tail
          const cell = neutraliseCell(value)
          const first = String.fromCodePoint(cell.codePointAt(0) ?? 0x20).normalize('NFKC')
          expect(cell).not.toMatch(/^[=+\-@\t\r]/)
          expect(first).not.toMatch(/^[=+\-@\t\r]/)
          expect(restoreCell(cell)).toBe(value)
        },
      ),
    )
  })
})
