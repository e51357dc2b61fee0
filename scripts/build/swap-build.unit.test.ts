import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUILDS_KEPT, buildsFolder, swapInBuild } from './swap-build.ts'

let counter = 0

/** A stand-in for a vite build: index.html naming its one hashed asset. */
function fakeBuild(target: string, label: string): string {
  const dir = path.join(buildsFolder(target), `${String(++counter).padStart(4, '0')}-${label}`)
  mkdirSync(path.join(dir, 'assets'), { recursive: true })
  writeFileSync(path.join(dir, 'index.html'), `<script src="/assets/${label}.js"></script>`)
  writeFileSync(path.join(dir, 'assets', `${label}.js`), `// ${label}`)
  return dir
}

describe('swapInBuild: a build never empties what another process serves', () => {
  it('replaces the served build in one step: a reader never finds index.html missing', async () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'scout-swap-')), 'client')
    await swapInBuild(target, fakeBuild(target, 'first'))
    let missing = 0
    let reads = 0
    let swapping = true
    const reader = (async () => {
      while (swapping) {
        reads++
        if (!existsSync(path.join(target, 'index.html'))) missing++
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    for (let i = 0; i < 30; i++) await swapInBuild(target, fakeBuild(target, `build${i}`))
    swapping = false
    await reader
    expect(reads).toBeGreaterThan(30)
    expect(missing).toBe(0)
    expect(readFileSync(path.join(target, 'index.html'), 'utf8')).toContain('build29.js')
  })

  it('keeps the replaced build’s hashed assets, so open pages still load their chunks', async () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'scout-swap-')), 'client')
    await swapInBuild(target, fakeBuild(target, 'old'))
    await swapInBuild(target, fakeBuild(target, 'new'))
    expect(readFileSync(path.join(target, 'assets', 'old.js'), 'utf8')).toBe('// old')
    expect(readFileSync(path.join(target, 'assets', 'new.js'), 'utf8')).toBe('// new')
  })

  it(`keeps at most ${BUILDS_KEPT} builds on disk`, async () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'scout-swap-')), 'client')
    for (let i = 0; i < 6; i++) await swapInBuild(target, fakeBuild(target, `b${i}`))
    expect(readdirSync(buildsFolder(target))).toHaveLength(BUILDS_KEPT)
  })

  it('moves a folder left by an older Scout aside instead of failing', async () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'scout-swap-')), 'client')
    mkdirSync(target)
    writeFileSync(path.join(target, 'index.html'), 'legacy')
    await swapInBuild(target, fakeBuild(target, 'after-legacy'))
    expect(readFileSync(path.join(target, 'index.html'), 'utf8')).toContain('after-legacy.js')
  })
})
