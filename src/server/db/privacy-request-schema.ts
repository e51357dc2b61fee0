import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { PRIVACY_BATCH_STATES, PRIVACY_REQUEST_KINDS } from '#shared/privacy-requests.ts'
import { actorIdColumn, talents, timestamps } from './schema.ts'

/*
 * Asking the person (security rule 59-62, privacy/requests/): the links e-mailed to talents, the
 * bulk sends that make them, the erasure requests the public page creates, and the app-wide
 * settings the templates live in.
 */

/** A bulk send (a selection or a view) and its progress; the job walks `talent_ids` in order. */
export const privacyRequestBatches = pgTable('privacy_request_batches', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
  state: text('state', { enum: PRIVACY_BATCH_STATES }).notNull().default('running'),
  createdById: actorIdColumn('created_by_id'),
  talentIds: integer('talent_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  total: integer('total').notNull(),
  sent: integer('sent').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  ...timestamps,
})

/**
 * One e-mailed link (security rule 59): only the SHA-256 of its random 32-byte token is kept.
 * A row is usable once `sent_at` is set (the mail went), until `expires_at`, and until `used_at`
 * (the person confirmed consent or asked to be removed). Goes with the talent.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    talentId: integer('talent_id')
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    uses: integer('uses').notNull().default(0),
    outcome: text('outcome', {
      enum: ['consent-confirmed', 'details-updated', 'removal-requested', 'erased'],
    }),
    batchId: integer('batch_id').references(() => privacyRequestBatches.id, {
      onDelete: 'set null',
    }),
    createdById: actorIdColumn('created_by_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('privacy_requests_token_hash_idx').on(t.tokenHash),
    index('privacy_requests_talent_id_idx').on(t.talentId),
  ],
)

/** A removal the person asked for on the page, waiting for an admin (Erase or Dismiss). */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serial('id').primaryKey(),
    talentId: integer('talent_id')
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').references(() => privacyRequests.id, {
      onDelete: 'set null',
    }),
    pending: boolean('pending').notNull().default(true),
    decidedById: actorIdColumn('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('erasure_requests_pending_talent_idx')
      .on(t.talentId)
      .where(sql`${t.pending}`),
  ],
)

/**
 * App-wide settings an admin edits (not per user: those are users' columns), one JSON value per
 * key, each validated by its shared schema when read and written. A key without a row has its
 * defaults.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedById: actorIdColumn('updated_by_id'),
  ...timestamps,
})
