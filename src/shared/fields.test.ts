import { describe, expect, test } from 'vitest'
import {
  customFieldsSchema,
  deriveFieldKey,
  fieldValueErrors,
  RESERVED_FIELD_KEYS,
  type FieldDefinition,
} from './fields.ts'

const base = {
  id: 1,
  unit: null,
  help: null,
  required: false,
  onCards: false,
  private: false,
  personalData: false,
  position: 0,
  version: 1,
  createdById: null,
}
const languages: FieldDefinition = {
  ...base,
  key: 'languages',
  label: 'Languages',
  type: 'multiple_choice',
  choices: [
    { value: 'en', label: 'English', retired: false },
    { value: 'la', label: 'Latin', retired: true },
  ],
}

describe('custom field values (security rule 66)', () => {
  test('keys come from labels, stable and never a built-in name', () => {
    expect(deriveFieldKey('Notice period (weeks)')).toBe('notice_period_weeks')
    expect(deriveFieldKey('Zoë’s 2nd language')).toBe('zoe_s_2nd_language')
    expect(deriveFieldKey('2026 goals')).toBe('f_2026_goals')
    expect(RESERVED_FIELD_KEYS.has('email')).toBe(true)
    expect(RESERVED_FIELD_KEYS.has('addedby')).toBe(true)
  })

  test('a retired choice is refused on a new value and kept where a talent holds it', () => {
    const fresh = fieldValueErrors([languages], { languages: ['la'] }, { requireRequired: false })
    expect(fresh).toEqual({ languages: 'Languages must be one of: English' })
    const kept = customFieldsSchema([languages], {
      existing: { languages: ['la'] },
      requireRequired: false,
    }).parse({ languages: ['la', 'en'] })
    expect(kept).toEqual({ languages: ['la', 'en'] })
  })

  test('empty answers clear a value; a required one is then missing', () => {
    const required = { ...languages, required: true }
    expect(fieldValueErrors([required], { languages: [] }, { requireRequired: true })).toEqual({
      languages: 'Languages is required',
    })
  })
})
