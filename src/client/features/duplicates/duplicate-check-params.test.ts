import { expect, test } from 'vitest'
import { duplicateCheckParams } from './duplicate-check-params.ts'

test('nothing is checked until a rule could hold', () => {
  expect(duplicateCheckParams({ email: 'dana@', phone: '415', fullName: 'Da' })).toBe('')
  expect(duplicateCheckParams({ fullName: 'Dana Reyes' })).toBe('')
})

test('a complete e-mail, six digits of phone or a LinkedIn profile start the check', () => {
  expect(duplicateCheckParams({ phone: '(415) 555', fullName: 'D' })).toBe('phone=%28415%29+555')
  expect(duplicateCheckParams({ email: ' dana@example.com ', fullName: 'Dana' }, 7)).toBe(
    'email=dana%40example.com&fullName=Dana&excludeId=7',
  )
  expect(duplicateCheckParams({ linkedinUrl: 'https://linkedin.com/in/dana' })).toBe(
    'linkedinUrl=https%3A%2F%2Flinkedin.com%2Fin%2Fdana',
  )
})

test('a name alone is checked by similarity within its area', () => {
  expect(duplicateCheckParams({ fullName: 'Dana Reyes', areaOfInterest: 'Design' })).toBe(
    'fullName=Dana+Reyes&areaOfInterest=Design',
  )
})
