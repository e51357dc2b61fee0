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

describe('SessionCache data version', () => {
  test('a version move keeps the sessions and tells the new version', () => {
    const cache = new SessionCache<string>()
    cache.set('key', 'row', cache.generation)
    cache.noteTalentsVersion(7, cache.versionGeneration)
    cache.apply('data_versions:talents=8')
    expect([cache.get('key'), cache.talentsVersion]).toEqual(['row', 8])
  })

  test('a version read before a move is not kept', () => {
    const cache = new SessionCache<string>()
    const began = cache.versionGeneration
    cache.apply('data_versions:talents=9')
    cache.noteTalentsVersion(8, began)
    expect(cache.talentsVersion).toBe(9)
  })

  test('another data version changes nothing', () => {
    const cache = new SessionCache<string>()
    cache.set('key', 'row', cache.generation)
    cache.apply('data_versions:talents=3')
    cache.apply('data_versions:reports=5')
    expect([cache.get('key'), cache.talentsVersion]).toEqual(['row', 3])
  })

  test('a change to sessions, users or the data versions table forgets sessions and version', () => {
    for (const payload of ['sessions', 'users', 'data_versions', 'data_versions:talents=x']) {
      const cache = new SessionCache<string>()
      cache.set('key', 'row', cache.generation)
      cache.apply('data_versions:talents=3')
      cache.apply(payload)
      expect([cache.get('key'), cache.talentsVersion]).toEqual([undefined, undefined])
    }
  })
})
