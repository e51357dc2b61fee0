import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { acceptsBrotli, brotli, SLICE_CHARS, textInSlices } from './compression.ts'

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

test('security rule 31: compressing a large body leaves the event loop free', async () => {
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

test('security rule 47: a long text streams a slice per turn, even to a reader that takes all at once', async () => {
  // An emoji across every slice boundary: the bytes must come out whole.
  const text = ('a'.repeat(SLICE_CHARS - 1) + '😀').repeat(6) + 'end'
  let turns = 0
  let counting = true
  const tick = () => {
    turns += 1
    if (counting) setImmediate(tick)
  }
  setImmediate(tick)
  const chunks: Buffer[] = []
  // The turns of the event loop seen before each chunk arrived.
  const turnsAt: number[] = []
  const greedy = new Writable({
    highWaterMark: 64 * SLICE_CHARS,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      turnsAt.push(turns)
      done()
    },
  })
  await pipeline(textInSlices(text), greedy)
  counting = false
  expect(Buffer.concat(chunks).toString('utf8')).toBe(text)
  expect(chunks.length).toBeGreaterThanOrEqual(6)
  // No two slices in the same turn: the loop ran between each.
  for (let i = 1; i < turnsAt.length; i++) expect(turnsAt[i]).toBeGreaterThan(turnsAt[i - 1]!)
})
