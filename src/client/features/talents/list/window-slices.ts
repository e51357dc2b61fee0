/** The part of a virtual row the layout needs (a @tanstack/react-virtual VirtualItem). */
export type WindowRow = { index: number; start: number; end: number }

export type WindowSlice =
  { kind: 'row'; index: number } | { kind: 'spacer'; key: string; height: number }

/**
 * What a windowed list renders, in document order: the rendered rows, and a spacer wherever rows
 * are left out (above, between — a focused row kept far from the view — and below), each as tall
 * as what it stands for, so the list keeps its full height and the rows their places.
 *
 * `rows` are sorted by index; their start and end are in window coordinates (they include
 * `scrollMargin`, the list's distance from the top of the document); `totalSize` is the list's
 * height. The layout puts `gap` between siblings, spacers included, so a spacer is that much
 * shorter on each side it touches a row.
 */
export function windowSlices(
  rows: WindowRow[],
  totalSize: number,
  scrollMargin: number,
  gap: number,
): WindowSlice[] {
  const slices: WindowSlice[] = []
  let previousEnd: number | undefined
  for (const row of rows) {
    const top = row.start - scrollMargin
    const height = previousEnd === undefined ? top - gap : top - previousEnd - 2 * gap
    // Stable keys, so React moves no element when the window slides.
    const key = previousEnd === undefined ? 'above' : `before-${row.index}`
    if (height > 0) slices.push({ kind: 'spacer', key, height })
    slices.push({ kind: 'row', index: row.index })
    previousEnd = row.end - scrollMargin
  }
  if (previousEnd !== undefined && totalSize - previousEnd - gap > 0) {
    slices.push({ kind: 'spacer', key: 'below', height: totalSize - previousEnd - gap })
  }
  return slices
}

/** `indexes` (sorted) with `extra` added in order, if it is a valid index not already there. */
export function withIndex(indexes: number[], extra: number | undefined, count: number): number[] {
  if (extra === undefined || extra >= count || indexes.includes(extra)) return indexes
  return [...indexes, extra].sort((a, b) => a - b)
}
