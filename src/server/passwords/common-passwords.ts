import { dictionary } from '@zxcvbn-ts/language-common'

/** How many of the most common passwords the policy refuses (security rule 2: "~10,000"). */
export const COMMON_PASSWORD_COUNT = 10_000

let commonPasswords: Set<string> | undefined

/**
 * True when the password (case-insensitively) is among the most common ones. The list is
 * zxcvbn-ts's ranked "passwords-common" dictionary, most common first; we keep the top 10,000.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    dictionary['passwords-common']
      .slice(0, COMMON_PASSWORD_COUNT)
      .map((entry) => entry.toLowerCase()),
  )
  return commonPasswords.has(password.toLowerCase())
}
