import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptsBrotli, brotli, SLICE_CHARS } from './compression.ts'

describe('acceptsBrotli', () => {
  test.each([
    ['gzip, deflate, br, zstd', true],
    ['br', true],
    ['BR;q=0.5', true],
    ['gzip, br;q=0', false],
    ['gzip, deflate', false],
    ['*', true],
    ['*;q=0', false],
    ['br;q=0, *', false],
    ['', false],
    [undefined, false],
    ['brotli', false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected)
  })
})

test('brotli round-trips, small bodies in line and large ones off the event loop', async () => {
  const text = JSON.stringify({ name: 'Zoë', list: Array.from({ length: 100 }, (_, i) => i) })
  expect(brotliDecompressSync(await brotli(text)).toString('utf8')).toBe(text)
  const large = JSON.stringify(
    Array.from({ length: 40_000 }, (_, i) => ({ id: i, note: 'ñ'.repeat(i % 50) })),
  )
  expect(large.length).toBeGreaterThan(256 * 1024)
  expect(brotliDecompressSync(await brotli(large)).toString('utf8')).toBe(large)
})

test('SECURITY.md 31: compressing a large body leaves the event loop free', async () => {
  const large = 'x'.repeat(8 * 1024 * 1024)
  let ticks = 0
  const timer = setInterval(() => (ticks += 1), 1)
  await brotli(large)
  clearInterval(timer)
  // Timers fired while it compressed: nothing held the loop for the whole job.
  expect(ticks).toBeGreaterThan(0)
})

test('a large body fed in slices keeps a character split across a slice boundary whole', async () => {
  // An emoji is two UTF-16 units: one slice ending between them would encode two broken halves.
  const text = `${'a'.repeat(SLICE_CHARS - 1)}😀${'ñ'.repeat(SLICE_CHARS)}😀`
  expect(brotliDecompressSync(await brotli(text)).toString('utf8')).toBe(text)
})
