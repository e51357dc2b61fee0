import { describe, expect, it } from 'vitest'
import { describeStartupError } from './startup-error.ts'

describe('describeStartupError: a start-up failure in words a person can act on', () => {
  it('names the cause of a failed query and drops its bound parameters (security rule 34)', () => {
    const cause = new Error(
      'duplicate key value violates unique constraint "pg_extension_name_index"',
    )
    const error = new Error(
      'Failed query: insert into users values ($1)\nparams: secret-temp-pass',
      {
        cause,
      },
    )
    const text = describeStartupError(error)
    expect(text).toContain('Failed query: insert into users values ($1)')
    expect(text).toContain('cause: duplicate key value violates unique constraint')
    expect(text).not.toContain('secret-temp-pass')
  })

  it('prints a plain error as it is', () => {
    expect(describeStartupError(new Error('DATA_DIR is locked'))).toBe('DATA_DIR is locked')
    expect(describeStartupError('odd')).toBe('"odd"')
  })
})
