import { sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import type { Db } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import { phoneE164 } from '../../src/server/duplicates/phone-keys.ts'
import type { SeedEditColumns } from './activity.ts'
import type { SeedCvColumns } from './generate-cvs.ts'
import { LIST_SEPARATOR, type SeedTalentColumns, type SeedUser } from './generate.ts'

// INSERT … SELECT FROM unnest(arrays) is 3–4× faster than drizzle's builder for bulk
// loads. Every value is still a bound parameter (security rule 19); sql.param keeps an array whole.
const p = (values: unknown[]) => sql.param(values)

/** Inserts users that do not exist yet and returns the ids of all of them, in input order. */
export async function insertUsers(
  db: Db,
  users: SeedUser[],
  passwordHash: string,
): Promise<number[]> {
  if (users.length === 0) return []
  const emails = users.map((u) => u.email)
  await db.execute(sql`
    INSERT INTO users (email, password_hash, first_name, last_name)
    SELECT e, ${passwordHash}, f, l
    FROM unnest(${p(emails)}::text[], ${p(users.map((u) => u.firstName))}::text[],
                ${p(users.map((u) => u.lastName))}::text[]) AS t(e, f, l)
    ON CONFLICT (email) DO NOTHING`)
  const rows = await rawRows<{ id: number; email: string }>(
    db,
    sql`SELECT id, email FROM users WHERE email = ANY(${p(emails)}::text[])`,
  )
  const byEmail = new Map(rows.map((r) => [r.email, r.id]))
  return emails.map((email) => byEmail.get(email) ?? 0)
}

/** Makes sure every tag name exists in the tags table (case-insensitive unique index). */
export async function insertTags(db: Db, names: readonly string[]): Promise<void> {
  await db.execute(sql`
    INSERT INTO tags (name) SELECT unnest(${p([...names])}::text[])
    ON CONFLICT ((lower(name))) DO NOTHING`)
}

const NO_EDITS: SeedEditColumns = { email: [], userIndex: [], changes: [], at: [] }

export type InsertTalentsOptions = {
  /** talent.updated entries of the new talents. */
  edits?: SeedEditColumns
  /** DEFAULT_PHONE_REGION, for the phone keys (duplicates/phone-keys.ts). */
  phoneRegion?: CountryCode
}

/**
 * Bulk-inserts one batch of talents with their activity in one statement: a
 * talent.created entry per new talent (by its adder, at its createdAt) and the given
 * talent.updated entries of new talents. Each phone is stored with its key, so the server has
 * none to fill on its next start (a million rows took minutes). Returns how many talents were
 * new (existing e-mails are skipped, and so is their activity).
 */
export async function insertTalents(
  db: Db,
  c: SeedTalentColumns,
  userIds: number[],
  { edits = NO_EDITS, phoneRegion }: InsertTalentsOptions = {},
): Promise<number> {
  const phoneKeys = c.phone.map((phone) => (phone === null ? null : phoneE164(phone, phoneRegion)))
  const addedBy = c.addedByIndex.map((i) => (i === null ? null : (userIds[i] ?? null)))
  const editors = edits.userIndex.map((i) => (i === null ? null : (userIds[i] ?? null)))
  const rows = await rawRows<{ n: number }>(
    db,
    sql`
    WITH inserted AS (
      INSERT INTO talents (full_name, email, phone, phone_e164, linkedin_url, area_of_interest,
                           seniority_level, notes, tags, status, added_by_id, created_at,
                           updated_at)
      SELECT full_name, email, phone, phone_e164, linkedin_url, area, level, notes,
             CASE WHEN tags = '' THEN '{}'::text[] ELSE string_to_array(tags, ${LIST_SEPARATOR}) END,
             CASE WHEN status = '' THEN '{}'::text[] ELSE string_to_array(status, ${LIST_SEPARATOR}) END,
             added_by, created_at, updated_at
      FROM unnest(${p(c.fullName)}::text[], ${p(c.email)}::text[], ${p(c.phone)}::text[],
                  ${p(phoneKeys)}::text[], ${p(c.linkedinUrl)}::text[], ${p(c.areaOfInterest)}::text[],
                  ${p(c.seniorityLevel)}::text[], ${p(c.notes)}::text[], ${p(c.tags)}::text[],
                  ${p(c.status)}::text[], ${p(addedBy)}::int[], ${p(c.createdAt)}::timestamptz[],
                  ${p(c.updatedAt)}::timestamptz[])
        AS t(full_name, email, phone, phone_e164, linkedin_url, area, level, notes, tags, status,
             added_by, created_at, updated_at)
      ON CONFLICT ((lower(email))) DO NOTHING
      RETURNING id, email, full_name, added_by_id, created_at
    ),
    created_log AS (
      INSERT INTO activity_log (user_id, action, entity_type, entity_id, details, created_at,
                                updated_at)
      SELECT added_by_id, 'talent.created', 'talent', id,
             jsonb_build_object('fullName', full_name, 'email', email), created_at, created_at
      FROM inserted
    ),
    edit_log AS (
      INSERT INTO activity_log (user_id, action, entity_type, entity_id, details, created_at,
                                updated_at)
      SELECT e.user_id, 'talent.updated', 'talent', i.id,
             jsonb_build_object('fullName', i.full_name, 'changes', e.changes::jsonb), e.at, e.at
      FROM unnest(${p(edits.email)}::text[], ${p(editors)}::int[], ${p(edits.changes)}::text[],
                  ${p(edits.at)}::timestamptz[]) AS e(email, user_id, changes, at)
      JOIN inserted i ON i.email = e.email
    )
    SELECT count(*)::int AS n FROM inserted`,
  )
  return rows[0]?.n ?? 0
}

/**
 * Attaches one batch of seeded CVs the way the app does (cvs/service.ts): the bytes in `files`
 * once per sha256, with their text as read ('ready': the seed knows it, cv-render.ts), a
 * talent_cvs version, and the talent.cv_attached History entry. Talents are matched by e-mail;
 * one that already has a CV is left as it is, so a rerun adds nothing. Returns what was attached.
 */
export async function insertCvs(
  db: Db,
  c: SeedCvColumns,
  userIds: number[],
): Promise<{ attached: number; pdfs: number; bytes: number }> {
  const uploaders = c.uploaderIndex.map((i) => (i === null ? null : (userIds[i] ?? null)))
  const rows = await rawRows<{ attached: number; pdfs: number; bytes: number }>(
    db,
    sql`
    WITH cv AS (
      SELECT t.id AS talent_id, c.*
      FROM unnest(${p(c.email)}::text[], ${p(c.fileName)}::text[], ${p(c.mimeType)}::text[],
                  ${p(c.sha256)}::text[], ${p(c.bytesHex)}::text[], ${p(c.sizeBytes)}::int[],
                  ${p(c.text)}::text[], ${p(c.uploadedAt)}::timestamptz[], ${p(uploaders)}::int[])
        AS c(email, file_name, mime_type, sha256, bytes_hex, size_bytes, text, uploaded_at,
             uploaded_by)
      JOIN talents t ON lower(t.email) = lower(c.email)
      WHERE NOT EXISTS (SELECT 1 FROM talent_cvs v WHERE v.talent_id = t.id)
    ),
    stored AS (
      INSERT INTO files (sha256, bytes, size_bytes, mime_type, text_status, text, created_at,
                         updated_at)
      SELECT DISTINCT ON (sha256) sha256, decode(bytes_hex, 'hex'), size_bytes, mime_type, 'ready',
             text, uploaded_at, uploaded_at
      FROM cv ORDER BY sha256, uploaded_at
      ON CONFLICT (sha256) DO NOTHING
    ),
    versions AS (
      INSERT INTO talent_cvs (talent_id, sha256, file_name, uploaded_by_id, created_at, updated_at)
      SELECT talent_id, sha256, file_name, uploaded_by, uploaded_at, uploaded_at FROM cv
      RETURNING talent_id, file_name, uploaded_by_id, created_at
    ),
    logged AS (
      INSERT INTO activity_log (user_id, action, entity_type, entity_id, details, created_at,
                                updated_at)
      SELECT uploaded_by_id, 'talent.cv_attached', 'talent', talent_id,
             jsonb_build_object('fileName', file_name), created_at, created_at
      FROM versions
    )
    -- Every row of cv becomes a version: it says what was attached.
    SELECT count(*)::int AS attached, coalesce(sum(size_bytes), 0)::int AS bytes,
           count(*) FILTER (WHERE mime_type = 'application/pdf')::int AS pdfs
    FROM cv`,
  )
  return rows[0] ?? { attached: 0, pdfs: 0, bytes: 0 }
}
