import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyTheme, readTheme, resolveTheme } from './theme.ts'
import { createMemoryStorage } from './memory-storage.test-helper.ts'

function fakeRoot(initial: string[] = []) {
  const classes = new Set(initial)
  return {
    classes,
    classList: {
      add: (...tokens: string[]) => tokens.forEach((token) => classes.add(token)),
      toggle: (token: string, force?: boolean) => {
        const on = force ?? !classes.has(token)
        if (on) classes.add(token)
        else classes.delete(token)
        return on
      },
    },
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('theme (spec section 4)', () => {
  it.each([
    [null, 'dusk'],
    ['', 'dusk'],
    ['neon', 'dusk'],
    ['Midnight', 'dusk'],
    ['dusk', 'dusk'],
    ['midnight', 'midnight'],
  ])('resolves %j to %s', (stored, expected) => {
    expect(resolveTheme(stored)).toBe(expected)
  })

  it('reads the stored theme and falls back to dusk', () => {
    vi.stubGlobal('localStorage', createMemoryStorage({ theme: 'midnight' }))
    expect(readTheme()).toBe('midnight')
    vi.stubGlobal('localStorage', createMemoryStorage({ theme: 'neon' }))
    expect(readTheme()).toBe('dusk')
    vi.stubGlobal('localStorage', createMemoryStorage())
    expect(readTheme()).toBe('dusk')
  })

  it('falls back to dusk when storage cannot be read', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError')
      },
    })
    expect(readTheme()).toBe('dusk')
  })

  it('always applies dark and exactly one theme class', () => {
    const root = fakeRoot(['dark', 'theme-dusk'])
    applyTheme('midnight', root)
    expect([...root.classes].sort()).toEqual(['dark', 'theme-midnight'])
    applyTheme('dusk', root)
    expect([...root.classes].sort()).toEqual(['dark', 'theme-dusk'])
  })
})
