import { randomInt } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { normalizeCode, RECOVERY_CODE_COUNT } from '#shared/mfa.ts'
import type { Db } from '../../db/open.ts'
import { mfaRecoveryCodes } from '../../db/mfa-schema.ts'
import { sha256Of } from '../../secrets/sha256.ts'

// The base32 letters: no 0/1/8/9, so nothing is mistaken for O, I, l or B when typed.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

/** Ten characters from a CSPRNG (50 bits), shown as "abcde-fghij". */
function newRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** SHA-256 of the code without its hyphen: random codes of 50 bits need no slow hash. */
export function hashRecoveryCode(code: string): string {
  return sha256Of(normalizeCode(code).replace('-', ''))
}

/**
 * Replaces the user's recovery codes with ten new ones; only their hashes are stored
 * (security rule 38). Returns the codes, to be shown once.
 */
export async function issueRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode())
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))
  await tx
    .insert(mfaRecoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(code) })))
  return [...codes]
}

/**
 * Spends one recovery code: one statement marks it used only while unused, so two sign-ins with
 * the same code at once cannot both pass. True when the code was the user's and unused.
 */
export async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id })
  return rows.length > 0
}

export async function deleteRecoveryCodes(tx: Db, userId: number): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))
}
