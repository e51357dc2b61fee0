import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { compileHints } from './vite-compile-hints.ts'

type WriteBundle = (options: { dir: string }, bundle: Record<string, unknown>) => Promise<void>

test('the compile hint opens every written JS chunk, and no asset', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scout-hints-'))
  writeFileSync(path.join(dir, 'index-a1.js'), 'const __vite__mapDeps=1;export{}')
  writeFileSync(path.join(dir, 'index-a1.css'), 'body{}')
  const writeBundle = compileHints().writeBundle as unknown as WriteBundle
  await writeBundle(
    { dir },
    {
      'index-a1.js': { type: 'chunk', fileName: 'index-a1.js' },
      'index-a1.css': { type: 'asset', fileName: 'index-a1.css' },
    },
  )
  expect(readFileSync(path.join(dir, 'index-a1.js'), 'utf8')).toBe(
    '//# allFunctionsCalledOnLoad\nconst __vite__mapDeps=1;export{}',
  )
  expect(readFileSync(path.join(dir, 'index-a1.css'), 'utf8')).toBe('body{}')
})
