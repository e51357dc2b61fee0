import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants } from 'node:zlib'
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
const brotliCompressAsync = promisify(brotliCompress)

/**
 * Brotli with the same settings, for bodies compressed once and sent many times. A large body is
 * compressed on libuv's thread pool (SECURITY.md 31: an 8 MB list took the event loop for
 * seconds); a small one in line, where the hand-off would cost more than the work.
 */
export async function brotli(text: string): Promise<Buffer> {
  if (text.length < SYNC_THRESHOLD_CHARS) return brotliCompressSync(text, BROTLI_OPTIONS)
  return brotliCompressAsync(text, BROTLI_OPTIONS)
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
