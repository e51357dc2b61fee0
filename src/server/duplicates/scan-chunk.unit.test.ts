import { describe, expect, it } from 'vitest'
import { nextChunkSize } from './scan.ts'

// On the embedded engine a scan's query holds the only thread, requests' queries included: each
// range of ids is sized to take ~20 ms, whatever the pool (bench:cv-import, docs/performance.md).
describe('the duplicate scan’s ranges', () => {
  it('shrink when a query took long, so no query holds the database for long', () => {
    expect(nextChunkSize(1_000, 200)).toBe(100)
    expect(nextChunkSize(100, 5_000)).toBe(10)
  })

  it('grow at most fourfold when queries are quick', () => {
    expect(nextChunkSize(100, 1)).toBe(400)
    expect(nextChunkSize(100, 10)).toBe(200)
    expect(nextChunkSize(20_000, 1)).toBe(20_000)
  })
})
