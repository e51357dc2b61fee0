/**
 * How many typos a typed word may carry and still find a word. None under
 * 5 letters (`java` must not find `jaba`), one for 5–8 letters, two from 9 (`kubernets`). Only a
 * word of letters alone is corrected: digits, e-mails and phone numbers are meant as typed.
 */
export const TYPO_MIN_LENGTH = 5
export const TWO_TYPOS_MIN_LENGTH = 9

const LETTERS_ONLY = /^\p{L}+$/u

export function typoBudget(word: string): number {
  if (!LETTERS_ONLY.test(word)) return 0
  const length = [...word].length
  if (length < TYPO_MIN_LENGTH) return 0
  return length < TWO_TYPOS_MIN_LENGTH ? 1 : 2
}

/**
 * Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
 * adjacent letters each count one (`pyhton` → `python` is 1; Levenshtein says 2). Code points,
 * not UTF-16 units. Stops early and answers `max + 1` once the words are further apart than `max`.
 */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const s = [...a]
  const t = [...b]
  if (Math.abs(s.length - t.length) > max) return max + 1
  // Three rows: the one two back is what a swap reads.
  let before = new Array<number>(t.length + 1).fill(0)
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j)
  let current = new Array<number>(t.length + 1).fill(0)
  for (let i = 1; i <= s.length; i++) {
    current[0] = i
    let rowBest = i
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      )
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1)
      }
      current[j] = value
      rowBest = Math.min(rowBest, value)
    }
    if (rowBest > max) return max + 1
    ;[before, previous, current] = [previous, current, before]
  }
  const distance = previous[t.length] ?? 0
  return distance > max ? max + 1 : distance
}

/** `typed` (as folded) is within its typo budget of `word`, and not the same word. */
export function isCorrection(typed: string, word: string): boolean {
  const budget = typoBudget(typed)
  return budget > 0 && typed !== word && osaDistance(typed, word, budget) <= budget
}
