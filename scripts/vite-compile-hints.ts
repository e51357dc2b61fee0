import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'

/** V8's per-file compile hint (Chrome 136+): compile every function of the file when it loads. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * First cards ≤ 500 ms after sign-in: V8 compiles a function the first time it is
 * called, so the dashboard's first render also paid for compiling React, the shell and the page,
 * on the main thread, after the click. With the hint at the top of a chunk, V8 compiles all of it
 * as it loads: while it streams in, and for the dashboard's chunks while the login screen preloads
 * them. Measured (docs/performance.md): sign-in → first cards median 563–571 → 511–533 ms.
 * Written into the files once they are out (writeBundle, before precompress's closeBundle): the
 * minifier would strip the comment, and Vite puts its preload map above anything added earlier.
 * Other browsers read an ordinary comment.
 */
export function compileHints(): Plugin {
  let outDir = ''
  return {
    name: 'scout-compile-hints',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const file = path.join(dir, output.fileName)
        await writeFile(file, COMPILE_HINT + (await readFile(file, 'utf8')))
      }
    },
  }
}
