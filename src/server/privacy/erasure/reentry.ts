import { desc, eq, or, sql } from 'drizzle-orm'
import { erasedPersonMessage } from '#shared/erasure.ts'
import type { Db } from '../../db/open.ts'
import { erasures } from '../../db/privacy-schema.ts'
import { ConflictError } from '../../errors.ts'
import { emailHash, phoneHash, type ErasureKeys } from './identifiers.ts'

/**
 * When the person with this e-mail or phone asked to be erased, the latest such day; undefined
 * otherwise (security rule 52). Only hashes are compared: the record never held the values.
 */
export async function erasedOn(
  db: Db,
  keys: ErasureKeys,
  person: { email?: string | null; phone?: string | null },
): Promise<Date | undefined> {
  const byEmail = emailHash(keys, person.email)
  const byPhone = phoneHash(keys, person.phone)
  const conditions = [
    byEmail === null ? undefined : eq(erasures.emailHash, byEmail),
    byPhone === null ? undefined : eq(erasures.phoneHash, byPhone),
  ].filter((c) => c !== undefined)
  if (conditions.length === 0) return undefined
  const [row] = await db
    .select({ erasedAt: erasures.erasedAt })
    .from(erasures)
    .where(or(...conditions))
    .orderBy(desc(erasures.erasedAt))
    .limit(1)
  return row?.erasedAt
}

/**
 * The form's re-entry check (security rule 52): refused with 409 and the warning, on the
 * e-mail field, unless the person adding them confirmed they saw it.
 */
export async function assertNotErased(
  db: Db,
  keys: ErasureKeys,
  person: { email: string; phone?: string | null },
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return
  const when = await erasedOn(db, keys, person)
  if (when === undefined) return
  const message = erasedPersonMessage(when)
  throw new ConflictError(message, { email: [message] })
}

/** A jsonb array of texts as a SQL array: one parameter however many rows a batch has. */
const anyOf = (values: string[]) =>
  sql`any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`

/**
 * erasedOn for a batch of people (a spreadsheet import's new rows) in one query: for each, the
 * latest day a person with the same e-mail or phone asked to be erased, or undefined
 * (security rule 52, 63).
 */
export async function erasedOnEach(
  db: Db,
  keys: ErasureKeys,
  people: readonly { email?: string | null; phone?: string | null }[],
): Promise<(Date | undefined)[]> {
  const hashes = people.map((person) => ({
    email: emailHash(keys, person.email),
    phone: phoneHash(keys, person.phone),
  }))
  const emails = hashes.flatMap((h) => (h.email === null ? [] : [h.email]))
  const phones = hashes.flatMap((h) => (h.phone === null ? [] : [h.phone]))
  if (emails.length === 0 && phones.length === 0) return people.map(() => undefined)
  const rows = await db
    .select({
      emailHash: erasures.emailHash,
      phoneHash: erasures.phoneHash,
      erasedAt: erasures.erasedAt,
    })
    .from(erasures)
    .where(
      or(
        sql`${erasures.emailHash} = ${anyOf(emails)}`,
        sql`${erasures.phoneHash} = ${anyOf(phones)}`,
      ),
    )
  const latest = new Map<string, Date>()
  const note = (key: string, at: Date) => {
    const known = latest.get(key)
    if (known === undefined || known < at) latest.set(key, at)
  }
  for (const row of rows) {
    if (row.emailHash !== null) note(`e:${row.emailHash}`, row.erasedAt)
    if (row.phoneHash !== null) note(`p:${row.phoneHash}`, row.erasedAt)
  }
  return hashes.map(({ email, phone }) => {
    const byEmail = email === null ? undefined : latest.get(`e:${email}`)
    const byPhone = phone === null ? undefined : latest.get(`p:${phone}`)
    if (byEmail === undefined) return byPhone
    return byPhone === undefined || byPhone < byEmail ? byEmail : byPhone
  })
}
