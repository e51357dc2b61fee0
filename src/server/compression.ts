import { brotliCompressSync, constants } from 'node:zlib'
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

/** Brotli with the same settings, for bodies compressed once and sent many times. */
export function brotli(text: string): Buffer {
  return brotliCompressSync(text, BROTLI_OPTIONS)
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
