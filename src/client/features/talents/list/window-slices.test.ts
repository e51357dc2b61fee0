import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { windowSlices, withIndex, type WindowRow, type WindowSlice } from './window-slices.ts'

/** Rows of these heights laid out like the virtualizer does: `gap` apart, after `margin`. */
function layout(sizes: number[], gap: number, margin: number) {
  const rows: WindowRow[] = []
  let start = margin
  for (const [index, size] of sizes.entries()) {
    rows.push({ index, start, end: start + size })
    start += size + gap
  }
  const last = rows.at(-1)
  return { rows, total: last === undefined ? 0 : last.end - margin }
}

/**
 * Lays the slices out as the browser would (siblings `gap` apart) and returns where each
 * rendered row lands, and the list's height.
 */
function flow(slices: WindowSlice[], sizes: number[], gap: number) {
  const tops = new Map<number, number>()
  let y = 0
  for (const [i, slice] of slices.entries()) {
    if (i > 0) y += gap
    if (slice.kind === 'row') tops.set(slice.index, y)
    y += slice.kind === 'row' ? (sizes[slice.index] ?? 0) : slice.height
  }
  return { tops, height: y }
}

describe('windowSlices', () => {
  it('renders the first rows with one spacer below for the rest', () => {
    const { rows, total } = layout([60, 60, 60, 60, 60], 0, 400)
    expect(windowSlices(rows.slice(0, 2), total, 400, 0)).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'row', index: 1 },
      { kind: 'spacer', key: 'below', height: 180 },
    ])
  })

  it('puts a spacer above rows further down, and none below the last row', () => {
    const { rows, total } = layout([60, 61, 62, 63], 0, 400)
    expect(windowSlices(rows.slice(2), total, 400, 0)).toEqual([
      { kind: 'spacer', key: 'above', height: 121 },
      { kind: 'row', index: 2 },
      { kind: 'row', index: 3 },
    ])
  })

  it('keeps a far row (the focused one) with a spacer between it and the window', () => {
    const { rows, total } = layout([100, 100, 100, 100, 100, 100], 12, 0)
    const kept = [rows[0], rows[4]].filter((row) => row !== undefined)
    expect(windowSlices(kept, total, 0, 12)).toEqual([
      { kind: 'row', index: 0 },
      // Rows 1–3 and their gaps, less the gaps on either side of the spacer itself.
      { kind: 'spacer', key: 'before-4', height: 3 * 100 + 2 * 12 },
      { kind: 'row', index: 4 },
      { kind: 'spacer', key: 'below', height: 100 },
    ])
  })

  it('renders nothing when no row is in the window', () => {
    expect(windowSlices([], 0, 0, 0)).toEqual([])
  })

  it('puts every rendered row where the virtualizer says, and keeps the list its full height', () => {
    const row = fc.integer({ min: 1, max: 400 })
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 60 }),
        fc.nat(),
        fc.nat(),
        fc.option(fc.nat({ max: 80 })),
        fc.constantFrom(0, 12),
        fc.nat({ max: 2000 }),
        (sizes, from, length, extra, gap, margin) => {
          const { rows, total } = layout(sizes, gap, margin)
          const first = from % sizes.length
          const window = rows.slice(first, first + 1 + (length % 10))
          const indexes = withIndex(
            window.map((r) => r.index),
            extra ?? undefined,
            sizes.length,
          )
          const shown = indexes.map((i) => rows[i]).filter((r) => r !== undefined)
          const { tops, height } = flow(windowSlices(shown, total, margin, gap), sizes, gap)
          expect(height).toBe(total)
          for (const r of shown) expect(tops.get(r.index)).toBe(r.start - margin)
        },
      ),
    )
  })
})

describe('withIndex', () => {
  it('adds the index in order', () => {
    expect(withIndex([4, 5, 6], 1, 10)).toEqual([1, 4, 5, 6])
    expect(withIndex([4, 5, 6], 9, 10)).toEqual([4, 5, 6, 9])
  })

  it('leaves the indexes alone for no index, one already there, or one past the end', () => {
    expect(withIndex([4, 5], undefined, 10)).toEqual([4, 5])
    expect(withIndex([4, 5], 5, 10)).toEqual([4, 5])
    expect(withIndex([4, 5], 10, 10)).toEqual([4, 5])
  })
})
