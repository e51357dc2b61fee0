import { describe, expect, it } from 'vitest'
import { highlightSegments } from './highlight-segments.ts'

describe('highlightSegments', () => {
  it('cuts the text at the ranges, keeping every character once', () => {
    const text = '…led the Python migration to Kubernetes…'
    const segments = highlightSegments(text, [
      [9, 15],
      [29, 39],
    ])
    expect(segments).toEqual([
      { text: '…led the ', isHit: false },
      { text: 'Python', isHit: true },
      { text: ' migration to ', isHit: false },
      { text: 'Kubernetes', isHit: true },
      { text: '…', isHit: false },
    ])
    expect(segments.map((s) => s.text).join('')).toBe(text)
  })

  it('sorts, clamps and merges malformed ranges without losing or repeating text', () => {
    const text = 'abcdefgh'
    const segments = highlightSegments(text, [
      [6, 40],
      [1, 3],
      [2, 4],
      [5, 5],
      [-3, 0],
    ])
    expect(segments.map((s) => s.text).join('')).toBe(text)
    expect(segments.filter((s) => s.isHit).map((s) => s.text)).toEqual(['bc', 'd', 'gh'])
  })

  it('is one plain piece without ranges, and nothing for empty text', () => {
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', isHit: false }])
    expect(highlightSegments('', [[0, 2]])).toEqual([])
  })
})
