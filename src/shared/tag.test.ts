import { describe, expect, test } from 'vitest'
import { createTagSchema, isDuplicateTag, mergeTagSchema, tagFlags, tagNameSchema } from './tag.ts'
import { DEFAULT_TAGS } from './talent.ts'

function messageFor(body: unknown): string | undefined {
  const result = createTagSchema.safeParse(body)
  return result.success ? undefined : result.error.issues[0]?.message
}

describe('new tag (spec section 5)', () => {
  test('a trimmed name of at least 2 characters', () => {
    expect(tagNameSchema.parse('  Go ')).toBe('Go')
    expect(messageFor({ name: 'G' })).toBe('Tag name must be at least 2 characters long')
    expect(messageFor({ name: '  G  ' })).toBe('Tag name must be at least 2 characters long')
    expect(messageFor({ name: '' })).toBe('Tag name must be at least 2 characters long')
  })

  test("a missing name gives the schema's 'Tag name is required'", () => {
    expect(messageFor({})).toBe('Tag name is required')
    expect(messageFor({ name: null })).toBe('Tag name is required')
  })

  test('at most 50 characters, and unknown keys refused', () => {
    expect(createTagSchema.safeParse({ name: 'x'.repeat(50) }).success).toBe(true)
    expect(createTagSchema.safeParse({ name: 'x'.repeat(51) }).success).toBe(false)
    expect(createTagSchema.safeParse({ name: 'Go', id: 1 }).success).toBe(false)
  })

  test('duplicates compare case-insensitively against default and custom tags', () => {
    const existing = [...DEFAULT_TAGS, 'Remote']
    expect(isDuplicateTag('high potential', existing)).toBe(true)
    expect(isDuplicateTag(' REMOTE ', existing)).toBe(true)
    expect(isDuplicateTag('Remote-first', existing)).toBe(false)
    expect(isDuplicateTag('Anything', [])).toBe(false)
  })
})

describe('tag management: flags and request bodies', () => {
  test('tagFlags knows default tags and system labels, ignoring case and outer spaces', () => {
    expect(tagFlags('High Potential')).toEqual({ isDefault: true, isSystem: false })
    expect(tagFlags(' interviewed ')).toEqual({ isDefault: true, isSystem: true })
    expect(tagFlags('HIRED')).toEqual({ isDefault: false, isSystem: true })
    expect(tagFlags('Remote')).toEqual({ isDefault: false, isSystem: false })
  })

  test('a merge names one target tag id and nothing else', () => {
    expect(mergeTagSchema.parse({ targetId: 3 })).toEqual({ targetId: 3 })
    for (const body of [
      {},
      { targetId: '3' },
      { targetId: 0 },
      { targetId: 1.5 },
      { targetId: 3, x: 1 },
    ]) {
      expect(mergeTagSchema.safeParse(body).success).toBe(false)
    }
  })
})
