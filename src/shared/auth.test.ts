import { expect, test } from 'vitest'
import {
  changePasswordRequestSchema,
  firstTimePasswordRequestSchema,
  PASSWORD_TOO_LONG_MESSAGE,
} from './auth.ts'

// Security rule 2: the UI shows the server's message; an over-long password gets the policy's.
test.each([changePasswordRequestSchema, firstTimePasswordRequestSchema])(
  'a new password over 128 characters is refused with the policy message',
  (schema) => {
    const result = schema.safeParse({ newPassword: 'x'.repeat(129) })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_TOO_LONG_MESSAGE])
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe('Password must be at most 128 characters')
    expect(schema.safeParse({ newPassword: '😀'.repeat(128) }).success).toBe(true)
  },
)
