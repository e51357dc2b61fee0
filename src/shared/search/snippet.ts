import type { Hit } from './find-hits.ts'
import { SNIPPET_LENGTH } from './talent-match.ts'

/** How much text a snippet keeps before its first hit, so the hit reads in context. */
const LEAD = 40
const ELLIPSIS = '…'
const SPACE = /\s/

/** Hits sorted and merged where they touch or overlap. */
export function mergeHits(hits: Hit[]): Hit[] {
  const sorted = [...hits].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: Hit[] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

/** The last white space in text[from, to), or -1. */
function lastSpace(text: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) if (SPACE.test(text.charAt(i))) return i
  return -1
}

/**
 * The window of `text` around `first`: about SNIPPET_LENGTH characters with LEAD before the hit,
 * cut between words where a space is at hand, never through the hit.
 */
function windowAround(text: string, first: Hit): Hit {
  if (text.length <= SNIPPET_LENGTH) return [0, text.length]
  let start = Math.max(0, Math.min(first[0] - LEAD, text.length - SNIPPET_LENGTH))
  let end = Math.min(text.length, start + SNIPPET_LENGTH)
  if (start > 0 && !SPACE.test(text.charAt(start - 1))) {
    const space = text.slice(start, first[0]).search(SPACE)
    if (space >= 0) start += space + 1
  }
  if (end < text.length && !SPACE.test(text.charAt(end))) {
    const space = lastSpace(text, Math.max(first[1], start), end)
    if (space >= 0) end = space
  }
  return [start, Math.max(end, first[1])]
}

/**
 * A short snippet of `text` around its hits (the first one in view), runs of white space made
 * one space, '…' where it was cut; the hits inside it as offsets into the snippet.
 */
export function snippetOf(text: string, hits: Hit[]): { snippet: string; highlights: Hit[] } {
  const merged = mergeHits(hits)
  const first = merged[0] ?? [0, 0]
  let [start, end] = windowAround(text, first)
  while (start < end && SPACE.test(text.charAt(start))) start += 1
  while (end > start && SPACE.test(text.charAt(end - 1))) end -= 1
  // Where each source offset in the window lands in the snippet.
  const at = new Map<number, number>()
  let snippet = start > 0 ? ELLIPSIS : ''
  for (let i = start; i < end; i++) {
    const char = text.charAt(i)
    at.set(i, snippet.length)
    if (!SPACE.test(char)) snippet += char
    else if (!SPACE.test(text.charAt(i - 1)) || i === start) snippet += ' '
  }
  at.set(end, snippet.length)
  if (end < text.length) snippet += ELLIPSIS
  const highlights: Hit[] = []
  for (const [hitStart, hitEnd] of merged) {
    const from = at.get(Math.max(hitStart, start))
    const to = at.get(Math.min(hitEnd, end))
    if (from !== undefined && to !== undefined && to > from) highlights.push([from, to])
  }
  return { snippet, highlights }
}
