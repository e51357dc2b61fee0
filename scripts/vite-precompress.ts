import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(m?js|css|html|svg|json|txt|webmanifest)$/
const MIN_BYTES = 1024

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** Writes `file.br` and `file.gz` beside a text file worth compressing. */
export async function compressBeside(file: string): Promise<void> {
  const body = await readFile(file)
  if (body.length < MIN_BYTES) return
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
  await writeFile(`${file}.br`, br)
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the built client, once,
 * at build time (compressed static assets). The server sends them as they are
 * (client-routes.ts, @fastify/static preCompressed) instead of compressing each download: the
 * best ratio, at no CPU per request.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'scout-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      for (const file of await filesIn(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue
        await compressBeside(file)
      }
    },
  }
}
