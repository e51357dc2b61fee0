import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptsBrotli, brotli } from './compression.ts'

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

test('brotli round-trips', () => {
  const text = JSON.stringify({ name: 'Zoë', list: Array.from({ length: 100 }, (_, i) => i) })
  expect(brotliDecompressSync(brotli(text)).toString('utf8')).toBe(text)
})
