import { sql } from 'drizzle-orm'
import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { CV_TEXT_STATUSES } from '#shared/cv.ts'
import { actorIdColumn, talents, timestamps, users } from './schema.ts'

/**
 * PostgreSQL bytea as a Node Buffer (drizzle has no built-in bytea column). Written as base64 text
 * the database decodes: the embedded engine took 6.8 s to take a 12 MB Buffer as a parameter
 * (and held the event loop all along), and 0.35 s for the same bytes as base64. Read them with
 * `base64Bytes` for the same reason.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => sql`decode(${value.toString('base64')}, 'base64')`,
  fromDriver: (value) => Buffer.from(value),
})

/** A bytea column read as base64 (1.2 s → 0.2 s for 12 MB embedded); Buffer.from(…, 'base64'). */
export const base64Bytes = (column: AnyPgColumn) =>
  sql<string>`encode(${column}, 'base64')`.mapWith(String)

// files/ (docs/architecture.md, "Shared modules"): file bytes in the database, so backups, several processes
// and deletes need nothing else to run. Keyed by SHA-256: identical bytes are stored once.
// A trigger (migration 0007) deletes a file once no talent CV refers to it.
export const files = pgTable('files', {
  sha256: text('sha256').primaryKey(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  // Detected from the bytes (files/detect-type.ts), never taken from the upload's name.
  mimeType: text('mime_type').notNull(),
  // Text extraction: pending until read; the text itself once ready.
  textStatus: text('text_status', { enum: CV_TEXT_STATUSES }).notNull().default('pending'),
  text: text('text'),
  textError: text('text_error'),
  ...timestamps,
})

// Every version of a talent's CV, newest = current. Deleting the talent deletes them.
export const talentCvs = pgTable(
  'talent_cvs',
  {
    id: serial('id').primaryKey(),
    talentId: integer('talent_id')
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    sha256: text('sha256')
      .notNull()
      .references(() => files.sha256),
    fileName: text('file_name').notNull(),
    uploadedById: actorIdColumn('uploaded_by_id'),
    ...timestamps,
  },
  (t) => [
    index('talent_cvs_talent_id_idx').on(t.talentId, t.id),
    index('talent_cvs_sha256_idx').on(t.sha256),
  ],
)

// 'Add from CV': a CV read before its talent exists. Attached (and deleted) when the
// talent is saved; unclaimed ones are swept after a day. Its file stays while it is referenced.
export const cvUploads = pgTable(
  'cv_uploads',
  {
    id: serial('id').primaryKey(),
    sha256: text('sha256')
      .notNull()
      .references(() => files.sha256),
    fileName: text('file_name').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('cv_uploads_sha256_idx').on(t.sha256),
    index('cv_uploads_created_at_idx').on(t.createdAt),
  ],
)
