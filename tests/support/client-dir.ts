import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

/**
 * A tiny built client (an index.html alone) in a temporary folder, so an app over it has its page
 * routes. Call it at a test file's top, `apiTestWith({ clientDir: testClientDir('matrix') })`: the
 * folder is removed when that file's tests are done.
 */
export function testClientDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `scout-${name}-client-`))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Scout</title>')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
