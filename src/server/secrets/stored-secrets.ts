import { sql } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import {
  decryptSecret,
  encryptSecret,
  isSealed,
  sealedKeyId,
  type SecretKey,
} from './secret-box.ts'

/**
 * Every column that holds a sealed secret (security rule 34). Start-up, backups and
 * `npm run secrets:rotate` walk this list, so a new secret (two-factor) is one more line here.
 */
export const SEALED_COLUMNS = [
  { table: 'users', column: 'temp_password_enc', purpose: 'users.temp_password' },
  { table: 'users', column: 'mfa_secret_enc', purpose: 'users.mfa_secret' },
  { table: 'users', column: 'mfa_pending_secret_enc', purpose: 'users.mfa_pending_secret' },
] as const

export type SealedColumn = (typeof SEALED_COLUMNS)[number]

/** Start-up refuses; the message says why and what to do. */
export class StoredSecretsError extends Error {}

type Stored = { id: number; value: string }

async function storedValues(db: Db, where: SealedColumn, lock = false): Promise<Stored[]> {
  const table = sql.identifier(where.table)
  const column = sql.identifier(where.column)
  return rawRows<Stored>(
    db,
    sql`select id, ${column} as value from ${table} where ${column} is not null order by id${
      lock ? sql` for update` : sql``
    }`,
  )
}

async function store(db: Db, where: SealedColumn, id: number, value: string | null) {
  await db.execute(
    sql`update ${sql.identifier(where.table)} set ${sql.identifier(where.column)} = ${value}
        where id = ${id}`,
  )
}

export type SecretsSummary = {
  /** Values found in plain text (a database or backup from before encryption) and sealed now. */
  sealed: number
  /** Plain values dropped because there is no key to seal them with. */
  cleared: number
}

/**
 * Makes the stored secrets fit `key` before anything reads them (start-up, db:backup):
 * plain values (from before encryption) are sealed, or dropped when there is no key; a value
 * sealed under another key, or any sealed value while there is no key, stops start-up.
 */
export async function prepareStoredSecrets(
  db: Db,
  key: SecretKey | undefined,
): Promise<SecretsSummary> {
  return db.transaction(async (tx) => {
    const summary: SecretsSummary = { sealed: 0, cleared: 0 }
    for (const where of SEALED_COLUMNS) {
      const rows = await storedValues(tx, where, true)
      const foreign = rows.filter((r) => isSealed(r.value) && sealedKeyId(r.value) !== key?.id)
      if (foreign.length > 0) throw refusal(where, foreign, key)
      for (const row of rows.filter((r) => !isSealed(r.value))) {
        await store(tx, where, row.id, key ? encryptSecret(key, row.value, where.purpose) : null)
        if (key) summary.sealed++
        else summary.cleared++
      }
    }
    return summary
  })
}

function refusal(where: SealedColumn, rows: Stored[], key: SecretKey | undefined) {
  const ids = [...new Set(rows.map((r) => sealedKeyId(r.value)))].join(', ')
  const what = `${rows.length} encrypted value(s) in ${where.table}.${where.column} (key ${ids})`
  if (!key) {
    return new StoredSecretsError(
      `SECRET_KEY is not set, but the database holds ${what}. Set SECRET_KEY to the key they ` +
        `were encrypted with (the README's "Secrets" section says where it is kept).`,
    )
  }
  return new StoredSecretsError(
    `The database holds ${what}, but this SECRET_KEY is key ${key.id}. Set SECRET_KEY (or ` +
      `DATA_DIR/secret.key) to the key they were encrypted with; to change keys, use ` +
      `npm run secrets:rotate.`,
  )
}

/**
 * Re-seals every stored secret under `next` in one transaction (secrets:rotate). Each value must
 * open with `current` (plain ones from before encryption are simply sealed); anything that does
 * not stops the rotation with nothing changed. Returns how many values were re-sealed.
 */
export async function rotateStoredSecrets(
  db: Db,
  current: SecretKey | undefined,
  next: SecretKey,
): Promise<number> {
  return db.transaction(async (tx) => {
    let count = 0
    for (const where of SEALED_COLUMNS) {
      for (const row of await storedValues(tx, where, true)) {
        if (isSealed(row.value) && sealedKeyId(row.value) === next.id) continue
        if (isSealed(row.value) && !current) throw refusal(where, [row], current)
        const plain =
          isSealed(row.value) && current
            ? decryptSecret(current, row.value, where.purpose)
            : row.value
        await store(tx, where, row.id, encryptSecret(next, plain, where.purpose))
        count++
      }
    }
    return count
  })
}

/** The ids of the keys that sealed the stored secrets (normally one, or none). */
export async function sealedKeyIds(db: Db): Promise<string[]> {
  const ids = new Set<string>()
  for (const where of SEALED_COLUMNS) {
    for (const row of await storedValues(db, where)) {
      const id = sealedKeyId(row.value)
      if (id) ids.add(id)
    }
  }
  return [...ids]
}

/** How many secrets are stored in plain text (from before encryption); a backup refuses them. */
export async function countPlainSecrets(db: Db): Promise<number> {
  let count = 0
  for (const where of SEALED_COLUMNS) {
    count += (await storedValues(db, where)).filter((r) => !isSealed(r.value)).length
  }
  return count
}
