import { describe, expect, test } from 'vitest'
import { AREAS, SENIORITY_LEVELS, TALENT_STATUSES } from '../talent.ts'
import { matchOption, resolveFieldValue, searchFieldNamed } from './search-fields.ts'

describe('searchFieldNamed', () => {
  test('knows the six fields in any case, and nothing else', () => {
    expect(['area', 'LEVEL', 'Tag', 'status', 'addedBy', 'HAS'].map(searchFieldNamed)).toEqual([
      'area',
      'level',
      'tag',
      'status',
      'addedby',
      'has',
    ])
    expect(searchFieldNamed('skill')).toBeUndefined()
    expect(searchFieldNamed('')).toBeUndefined()
  })
})

describe('matchOption', () => {
  test('every option names itself, typed in any case or as a slug', () => {
    for (const options of [AREAS, SENIORITY_LEVELS, TALENT_STATUSES]) {
      for (const option of options) {
        expect(matchOption(options, option)).toBe(option)
        expect(matchOption(options, option.toUpperCase())).toBe(option)
        expect(matchOption(options, option.toLowerCase().replaceAll(' ', '-'))).toBe(option)
      }
    }
  })

  test('a prefix names the only option it starts', () => {
    expect(matchOption(AREAS, 'eng')).toBe('Engineering')
    expect(matchOption(AREAS, 'soc')).toBe('Social Sciences')
    expect(matchOption(SENIORITY_LEVELS, 'j')).toBe('junior')
  })

  test('an exact match wins over a longer option it is the prefix of', () => {
    expect(matchOption(TALENT_STATUSES, 'interviewed')).toBe('Interviewed')
    expect(matchOption(AREAS, 'science')).toBe('Science')
  })

  test('an ambiguous, unknown or empty value names nothing', () => {
    expect(matchOption(AREAS, 'e')).toBeUndefined()
    expect(matchOption(TALENT_STATUSES, 'interview')).toBeUndefined()
    expect(matchOption(AREAS, 'UX/UI')).toBeUndefined()
    expect(matchOption(AREAS, '&')).toBeUndefined()
    expect(matchOption(AREAS, '')).toBeUndefined()
  })
})

describe('resolveFieldValue', () => {
  test('enum fields take the spec spelling; has: knows the CV', () => {
    expect(resolveFieldValue('area', 'design')).toEqual({ field: 'area', value: 'Design' })
    expect(resolveFieldValue('level', 'EXEC')).toEqual({ field: 'level', value: 'exec' })
    expect(resolveFieldValue('status', 'needs updating')).toEqual({
      field: 'status',
      value: 'Needs Updating',
    })
    expect(resolveFieldValue('has', 'CV')).toEqual({ field: 'has', value: 'cv' })
    expect(resolveFieldValue('has', 'pets')).toBeUndefined()
  })

  test('tags and the adder are free text; a known tag gets its spelling, exactly only', () => {
    expect(resolveFieldValue('tag', 'management_track')).toEqual({
      field: 'tag',
      value: 'Management Track',
    })
    expect(resolveFieldValue('tag', 'high')).toEqual({ field: 'tag', value: 'high' })
    expect(resolveFieldValue('addedby', 'Rita@X.test')).toEqual({
      field: 'addedby',
      value: 'Rita@X.test',
    })
  })
})
