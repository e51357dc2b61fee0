import { decryptSecret, encryptSecret, type SecretKey } from '../secrets/secret-box.ts'
import { SEALED_COLUMNS } from '../secrets/stored-secrets.ts'

const PURPOSE = SEALED_COLUMNS[0].purpose

/**
 * What users.temp_password_enc stores for a new temporary password (security rule 34): sealed under
 * the key. Without a key (PostgreSQL and no SECRET_KEY) nothing is kept: the admin sees the
 * password once, in the invite or reset answer.
 */
export function sealTempPassword(key: SecretKey | undefined, plain: string): string | null {
  return key ? encryptSecret(key, plain, PURPOSE) : null
}

/** The temporary password an admin sees (security rule 16), opened from its stored form. */
export function openTempPassword(key: SecretKey | undefined, stored: string | null): string | null {
  if (stored === null || !key) return null
  return decryptSecret(key, stored, PURPOSE)
}
