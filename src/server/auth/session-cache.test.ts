import { describe, expect, test } from 'vitest'
import { SessionCache } from './session-cache.ts'

describe('SessionCache', () => {
  test('a lookup that began before a change is not stored', () => {
    const cache = new SessionCache<string>()
    const began = cache.generation
    cache.invalidate()
    cache.set('key', 'stale row', began)
    expect(cache.get('key')).toBeUndefined()
    cache.set('key', 'fresh row', cache.generation)
    expect(cache.get('key')).toBe('fresh row')
  })

  test('invalidate forgets every entry', () => {
    const cache = new SessionCache<string>()
    cache.set('a', '1', cache.generation)
    cache.set('b', '2', cache.generation)
    cache.invalidate()
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined])
  })
})
