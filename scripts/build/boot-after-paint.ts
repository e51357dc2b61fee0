import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { compressBeside } from '../vite-precompress.ts'

const PROJECT = path.resolve(import.meta.dirname, '../..')

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/**
 * Returns `html` — the built index.html with a screen drawn into it — with the app's entry script
 * and module preloads replaced by one script, `script` (from buildBootScript), which names them
 * on its tag. Deferred, unless `beforePaint`: then a plain script in the head, which the browser
 * runs before it draws the body — /login's, whose form must work from the moment it shows
 * (docs/decisions/017-sign-in-before-the-app.md).
 */
export function withBootAfterPaint(
  html: string,
  script: string,
  { beforePaint }: { beforePaint: boolean } = { beforePaint: false },
): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1]
  if (entry === undefined) throw new Error('the built index.html has no module entry script')
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  const tag =
    `<script${beforePaint ? '' : ' defer'} src="${script}" data-entry="${entry}" ` +
    `data-preload="${preloads.join(' ')}"></script>\n    `
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, tag)
}

/**
 * Builds src/client/boot-after-paint.ts into the client's assets (a classic script: it reads its
 * own tag) and returns its address.
 */
export async function buildBootScript(clientDir: string): Promise<string> {
  const result = await build({
    absWorkingDir: PROJECT,
    entryPoints: ['src/client/boot-after-paint.ts'],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  })
  const code = result.outputFiles[0]?.contents
  if (code === undefined) throw new Error('esbuild wrote no boot script')
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8)
  const name = `/assets/boot-${hash}.js`
  const file = path.join(clientDir, name)
  await writeFile(file, code)
  await compressBeside(file)
  return name
}
