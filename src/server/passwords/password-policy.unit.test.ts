import { expect, test } from 'vitest'
import { isCommonPassword } from './common-passwords.ts'
import {
  COMMON_PASSWORD_MESSAGE,
  PERSONAL_PASSWORD_MESSAGE,
  passwordProblems,
} from './password-policy.ts'

const owner = { email: 'jane.doe@scout.test', firstName: 'Marguerite', lastName: 'Okonkwo' }

test('a long, uncommon, impersonal password passes; no composition rules', () => {
  expect(passwordProblems('correct horse battery staple', owner, 8)).toEqual([])
  expect(passwordProblems('все люди рождаются', owner, 8)).toEqual([])
})

test('minimum length comes from config and counts characters, not bytes', () => {
  expect(passwordProblems('seven77', owner, 8)).toEqual(['Password must be at least 8 characters'])
  expect(passwordProblems('абвгдеё', owner, 8)).toEqual(['Password must be at least 8 characters'])
  expect(passwordProblems('абвгдеёж', owner, 8)).toEqual([])
  expect(passwordProblems('xkcd-936', owner, 10)).toEqual([
    'Password must be at least 10 characters',
  ])
})

test('at most 128 characters', () => {
  expect(passwordProblems('x'.repeat(128), owner, 8)).toEqual([])
  expect(passwordProblems('x'.repeat(129), owner, 8)).toEqual([
    'Password must be at most 128 characters',
  ])
})

test('the ~10,000 most common passwords are refused, case-insensitively', () => {
  expect(isCommonPassword('password')).toBe(true)
  expect(isCommonPassword('Password123')).toBe(true)
  expect(isCommonPassword('baseball1')).toBe(true)
  expect(isCommonPassword('correct horse battery staple')).toBe(false)
  expect(passwordProblems('qwertyuiop', owner, 8)).toEqual([COMMON_PASSWORD_MESSAGE])
})

test('the account e-mail, its local part, and names are refused', () => {
  expect(passwordProblems('my jane.doe@scout.test pw', owner, 8)).toEqual([
    PERSONAL_PASSWORD_MESSAGE,
  ])
  expect(passwordProblems('JANE.DOE-rocks-2024', owner, 8)).toEqual([PERSONAL_PASSWORD_MESSAGE])
  expect(passwordProblems('marguerite-is-great', owner, 8)).toEqual([PERSONAL_PASSWORD_MESSAGE])
  expect(passwordProblems('xx-okonkwo-xx-99', owner, 8)).toEqual([PERSONAL_PASSWORD_MESSAGE])
  // Two-letter names would refuse too much by accident.
  expect(
    passwordProblems('al-is-not-checked-here', { email: 'a@b.c', firstName: 'Al' }, 8),
  ).toEqual([])
})

test('every problem is reported', () => {
  expect(passwordProblems('jane', { email: 'jane@x.io' }, 8)).toEqual([
    'Password must be at least 8 characters',
    COMMON_PASSWORD_MESSAGE,
    PERSONAL_PASSWORD_MESSAGE,
  ])
})
