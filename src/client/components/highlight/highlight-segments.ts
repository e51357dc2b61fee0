/** A piece of text, and whether it is one of the search's hits. */
export type TextSegment = { text: string; isHit: boolean }

/**
 * `text` cut at `ranges` ([start, end) offsets, as String#slice counts) into plain and hit pieces.
 * The ranges come from the server (a list item's `match`) or from the CV's own hits: they are
 * sorted here, clamped to the text, and a range overlapping one before it is merged into it, so a
 * malformed range can only mark less, never repeat or lose text.
 */
export function highlightSegments(
  text: string,
  ranges: readonly (readonly [number, number])[],
): TextSegment[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const segments: TextSegment[] = []
  let at = 0
  for (const [rawStart, rawEnd] of sorted) {
    const start = Math.max(at, Math.min(rawStart, text.length))
    const end = Math.min(rawEnd, text.length)
    if (end <= start) continue
    if (start > at) segments.push({ text: text.slice(at, start), isHit: false })
    segments.push({ text: text.slice(start, end), isHit: true })
    at = end
  }
  if (at < text.length) segments.push({ text: text.slice(at), isHit: false })
  return segments
}
