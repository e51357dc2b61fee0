import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { z } from 'zod'
import type { Db } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import { reEraseTalent } from '../../src/server/privacy/erasure/erase.ts'
import {
  emailHash,
  erasureKeys,
  phoneHash,
  type ErasureKeys,
} from '../../src/server/privacy/erasure/identifiers.ts'
import { keyFilePath, readKeyFile } from '../../src/server/secrets/key-file.ts'
import type { SecretKey } from '../../src/server/secrets/secret-box.ts'
import { headerSchema, tableLineSchema } from './format.ts'
import { LineReader } from './lines.ts'
import { RestoreRefusedError } from './prepare-target.ts'

/*
 * Security rule 64: a restore never brings an erased person back. A backup taken before an
 * erasure still holds the person; the erasure records of the live database (read from a newer
 * backup of it, --erasures-from) are kept in the restored one, and every restored talent one of
 * them names — by its former id, or by the keyed hash of its e-mail or phone — is erased again.
 */

/** An erasure record as a backup file holds it (row_to_json of the erasures table). */
const erasureRowSchema = z.object({
  id: z.number().int(),
  talent_id: z.number().int(),
  erased_by_id: z.number().int().nullable(),
  reason: z.string(),
  email_hash: z.string().nullable(),
  phone_hash: z.string().nullable(),
  key_id: z.string(),
  erased_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ErasureRow = z.infer<typeof erasureRowSchema>

/** The same record in two files: its id and the moment it was made. */
export const sameRecord = (a: ErasureRow, b: ErasureRow) =>
  a.id === b.id && new Date(a.erased_at).getTime() === new Date(b.erased_at).getTime()

/** The erasure records a backup file holds (none when it is from before erasure records). */
export async function readErasureRows(file: string): Promise<ErasureRow[]> {
  const reader = new LineReader(file)
  try {
    const header = headerSchema.safeParse(await reader.nextJson('the backup header'))
    if (!header.success) {
      throw new RestoreRefusedError(`${file} is not a Scout backup (its first line is no header).`)
    }
    for (;;) {
      const line = await reader.next()
      if (line === undefined) return []
      if (!line.startsWith('{"table":')) continue
      const table = tableLineSchema.parse(JSON.parse(line))
      if (table.table !== 'erasures') continue
      const rows: ErasureRow[] = []
      for (let i = 0; i < table.rows; i++) {
        const row = await reader.next()
        const parsed = erasureRowSchema.safeParse(row === undefined ? undefined : JSON.parse(row))
        if (!parsed.success) {
          throw new RestoreRefusedError(
            `${file} line ${reader.lineNumber}: not an erasure record; the file is damaged.`,
          )
        }
        rows.push(parsed.data)
      }
      return rows
    }
  } finally {
    reader.close()
  }
}

/**
 * The keys the erasure hashes may have been made with, by key id: SECRET_KEY (or, on the embedded
 * engine, DATA_DIR/secret.key when it is there already: restore never makes one), and the fixed
 * stand-in of a database set up without a key ('none').
 */
export function availableErasureKeys(
  config: { secretKey: SecretKey | undefined; databaseUrl?: string; dataDir: string },
  phoneRegion: CountryCode | undefined,
): Map<string, ErasureKeys> {
  const keys = new Map<string, ErasureKeys>()
  const none = erasureKeys(undefined, phoneRegion)
  keys.set(none.keyId, none)
  let secret = config.secretKey
  if (secret === undefined && config.databaseUrl === undefined) {
    const file = keyFilePath(config.dataDir)
    if (existsSync(file)) secret = readKeyFile(file)
  }
  if (secret !== undefined) {
    const keyed = erasureKeys(secret, phoneRegion)
    keys.set(keyed.keyId, keyed)
  }
  return keys
}

/**
 * Refuses, before anything is restored, records whose hashes were made under a key this restore
 * does not have: it could not recognise those people in the backup.
 */
export function assertKeysFor(records: readonly ErasureRow[], keys: Map<string, ErasureKeys>) {
  const missing = [...new Set(records.map((r) => r.key_id))].filter((id) => !keys.has(id))
  if (missing.length === 0) return
  throw new RestoreRefusedError(
    `Erasure records to re-apply were hashed under the key ${missing.join(', ')}, which this ` +
      `restore does not have. Give it that key (SECRET_KEY, or copy secret.key into the new ` +
      `DATA_DIR first) and run db:restore again; nothing was restored.`,
  )
}

export type ReappliedSummary = {
  /** Records from --erasures-from that the backup did not hold, now in the restored database. */
  kept: number
  /** Restored talents erased again, by id. */
  erased: number[]
}

/** A kept record's id when it is free, else a new one (an unrelated backup's ids may overlap). */
async function keepRecords(db: Db, records: readonly ErasureRow[]): Promise<ErasureRow[]> {
  const existing = await rawRows<{ id: number; erased_at: string }>(
    db,
    sql`select id, to_json(erased_at)#>>'{}' as erased_at from erasures`,
  )
  const byId = new Map(existing.map((row) => [row.id, new Date(row.erased_at).getTime()]))
  // A record whose id the restored data uses for another gets a new one, past every id here.
  const highest = Math.max(1, ...existing.map((row) => row.id), ...records.map((row) => row.id))
  await db.execute(sql`select setval(pg_get_serial_sequence('erasures', 'id'), ${highest})`)
  const kept: ErasureRow[] = []
  for (const record of records) {
    const known = byId.get(record.id)
    // The same record (the backup already holds it): nothing to keep or re-apply.
    if (known === new Date(record.erased_at).getTime()) continue
    const [inserted] = await rawRows<{ id: number }>(
      db,
      sql`insert into erasures (id, talent_id, erased_by_id, reason, email_hash, phone_hash,
            key_id, erased_at, created_at, updated_at)
          overriding system value
          values (${known === undefined ? record.id : sql`nextval(pg_get_serial_sequence('erasures', 'id'))`},
            ${record.talent_id},
            (select id from users where id = ${record.erased_by_id}),
            ${record.reason}, ${record.email_hash}, ${record.phone_hash}, ${record.key_id},
            ${record.erased_at}, ${record.created_at}, ${record.updated_at})
          returning id`,
    )
    if (!inserted) throw new Error(`erasure record ${record.id} was not kept`)
    kept.push({ ...record, id: inserted.id })
  }
  // New erasures after the restore number past every kept id.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('erasures', 'id'),
          greatest((select max(id) from erasures), 1))`,
  )
  return kept
}

/** The restored talents each record names: by former id, e-mail hash or phone hash. */
async function namedTalents(
  db: Db,
  records: readonly ErasureRow[],
  keys: Map<string, ErasureKeys>,
): Promise<Map<number, ErasureRow>> {
  const named = new Map<number, ErasureRow>()
  if (records.length === 0) return named
  const people = await rawRows<{ id: number; email: string; phone: string | null }>(
    db,
    sql`select id, email, phone from talents order by id`,
  )
  for (const [keyId, key] of keys) {
    const mine = records.filter((record) => record.key_id === keyId)
    if (mine.length === 0) continue
    const byEmail = new Map(mine.flatMap((r) => (r.email_hash ? [[r.email_hash, r]] : [])))
    const byPhone = new Map(mine.flatMap((r) => (r.phone_hash ? [[r.phone_hash, r]] : [])))
    const byId = new Map(mine.map((r) => [r.talent_id, r]))
    for (const person of people) {
      const record =
        byId.get(person.id) ??
        byEmail.get(emailHash(key, person.email) ?? '') ??
        byPhone.get(phoneHash(key, person.phone) ?? '')
      if (record !== undefined && !named.has(person.id)) named.set(person.id, record)
    }
  }
  return named
}

/**
 * Keeps the live database's erasure records in the restored one and erases again every restored
 * talent they name, each in its own transaction (erase.ts), after the restore's migrations.
 */
export async function reapplyErasures(
  db: Db,
  records: readonly ErasureRow[],
  keys: Map<string, ErasureKeys>,
): Promise<ReappliedSummary> {
  const kept = await keepRecords(db, records)
  const named = await namedTalents(db, kept, keys)
  const erased: number[] = []
  for (const [talentId, record] of named) {
    await reEraseTalent(db, talentId, {
      id: record.id,
      erasedAt: new Date(record.erased_at),
      erasedById: record.erased_by_id,
    })
    erased.push(talentId)
  }
  return { kept: kept.length, erased }
}
