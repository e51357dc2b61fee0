import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { brotliCompressSync, constants, createBrotliCompress } from 'node:zlib'
import type { FastifyCompressOptions } from '@fastify/compress'

const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 1,
  },
}

/**
 * Dynamic responses (a page of 50 talents is ~28 KiB of JSON) are compressed for speed, not size:
 * brotli quality 1 costs 0.13 ms against 0.51 ms for the plugin's default quality 4 and 0.27 ms
 * for gzip level 1, for a body 15 % larger (bench/breakdown.ts). Below 256 KiB synchronously: on
 * two cores the stream path's hand-off costs more than it saves.
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip', 'deflate'],
  brotliOptions: BROTLI_OPTIONS,
  zlibOptions: { level: 1 },
  syncThreshold: 256 * 1024,
} satisfies FastifyCompressOptions

const SYNC_THRESHOLD_CHARS = COMPRESSION.syncThreshold
/**
 * A large body enters the compressor in slices of this many characters: encoding the text to
 * UTF-8 is the event loop's share of the work, and 8 MB of it at once held the loop (security rule 31).
 */
export const SLICE_CHARS = 256 * 1024

/** Where a slice starting at `start` ends without splitting a surrogate pair (one emoji). */
function sliceEnd(text: string, start: number): number {
  const end = Math.min(start + SLICE_CHARS, text.length)
  const lastCode = text.charCodeAt(end - 1)
  const isHighSurrogate = lastCode >= 0xd800 && lastCode <= 0xdbff
  return isHighSurrogate && end < text.length ? end + 1 : end
}

function* slices(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    const end = sliceEnd(text, start)
    yield text.slice(start, end)
    start = end
  }
}

/**
 * A large text as a stream of UTF-8 slices (security rule 47): handed whole to the socket or to the
 * compression plugin, an 8 MB string was encoded and copied in one go, and four bare lists at once
 * held the event loop for all four. The stream encodes a slice when the reader wants the next one,
 * so the loop turns between slices and a slow reader holds only its own backlog.
 */
export function textInSlices(text: string): Readable {
  return Readable.from(
    (async function* () {
      for (const slice of slices(text)) {
        yield Buffer.from(slice, 'utf8')
        // A reader that takes every slice at once (a socket with room) would otherwise pull them
        // all in one task: Readable.from asks again as soon as a push is taken.
        await nextTurn()
      }
    })(),
    { objectMode: false },
  )
}

/**
 * Brotli on libuv's thread pool, fed a slice at a time: the compressor takes the next one when it
 * has drained the last, so the event loop turns between them.
 */
async function brotliInSlices(text: string): Promise<Buffer> {
  const output: Buffer[] = []
  await pipeline(
    Readable.from(slices(text), { objectMode: false }),
    createBrotliCompress(BROTLI_OPTIONS),
    async (compressed: AsyncIterable<Buffer>) => {
      for await (const chunk of compressed) output.push(chunk)
    },
  )
  return Buffer.concat(output)
}

/**
 * Brotli with the same settings, for bodies compressed once and sent many times. A large body is
 * compressed on libuv's thread pool (security rule 31: an 8 MB list took the event loop for
 * seconds); a small one in line, where the hand-off would cost more than the work.
 */
export async function brotli(text: string): Promise<Buffer> {
  if (text.length < SYNC_THRESHOLD_CHARS) return brotliCompressSync(text, BROTLI_OPTIONS)
  return brotliInSlices(text)
}

/**
 * Whether an Accept-Encoding header admits brotli: a `br` (or `*`) entry whose q-value is not 0.
 * An explicit `br;q=0` refuses it even when `*` is listed.
 */
export function acceptsBrotli(header: string | undefined): boolean {
  if (!header) return false
  let wildcard = false
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    const isAllowed = q === undefined || Number(q.slice(2)) > 0
    if (name === 'br') return isAllowed
    if (name === '*') wildcard = isAllowed
  }
  return wildcard
}
