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

describe('SessionCache touches (migration 0026)', () => {
  type Entry = { id: number; seenAt: number }
  const seen = (entry: Entry, sessionId: number, at: Date) =>
    entry.id === sessionId ? { ...entry, seenAt: at.getTime() } : undefined

  test("a touch updates its session's entry and keeps every other entry and the version", () => {
    const cache = new SessionCache<Entry>(seen)
    cache.set('a', { id: 1, seenAt: 0 }, cache.generation)
    cache.set('b', { id: 2, seenAt: 0 }, cache.generation)
    cache.apply('data_versions:talents=4')
    const generation = cache.generation

    cache.apply('sessions:seen:2=1795000000123')

    expect([cache.get('a'), cache.get('b')]).toEqual([
      { id: 1, seenAt: 0 },
      { id: 2, seenAt: 1795000000123 },
    ])
    expect([cache.generation, cache.talentsVersion]).toEqual([generation, 4])
  })

  test('without a way to update entries a touch forgets everything, as before', () => {
    const cache = new SessionCache<string>()
    cache.set('key', 'row', cache.generation)
    cache.apply('sessions:seen:1=1795000000123')
    expect(cache.get('key')).toBeUndefined()
  })
})
