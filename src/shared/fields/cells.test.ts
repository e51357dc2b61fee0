import { describe, expect, test } from 'vitest'
import type { FieldDefinition } from './definition.ts'
import { fieldCell, readFieldCell } from './cells.ts'

const field = (over: Partial<FieldDefinition>): FieldDefinition => ({
  id: 1,
  key: 'f',
  label: 'F',
  type: 'text',
  unit: null,
  help: null,
  required: false,
  onCards: false,
  private: false,
  personalData: false,
  position: 0,
  choices: [],
  version: 1,
  createdById: null,
  ...over,
})

const languages = field({
  key: 'languages',
  label: 'Languages',
  type: 'multiple_choice',
  choices: [
    { value: 'en', label: 'English', retired: false },
    { value: 'pt', label: 'Portuguese', retired: false },
  ],
})

describe('custom field cells', () => {
  test('an exported cell reads back as the same value', () => {
    const cell = fieldCell(languages, ['pt', 'en'])
    expect(cell).toBe('Portuguese; English')
    expect(readFieldCell(languages, cell)).toEqual({ ok: true, value: ['pt', 'en'] })
    const relocates = field({ label: 'Relocates', type: 'yes_no' })
    expect(readFieldCell(relocates, fieldCell(relocates, false))).toEqual({
      ok: true,
      value: false,
    })
  })

  test('a wrong type names the field and what it expects; a missing choice lists the allowed', () => {
    const notice = field({ label: 'Notice', type: 'number' })
    expect(readFieldCell(notice, '4,5')).toEqual({ ok: true, value: 4.5 })
    expect(readFieldCell(notice, 'soon')).toEqual({ ok: false, message: 'Notice must be a number' })
    expect(readFieldCell(languages, 'english, Klingon')).toEqual({
      ok: false,
      message: 'Languages must be one of: English, Portuguese',
    })
    expect(readFieldCell(languages, '  ')).toEqual({ ok: true, value: null })
  })
})
