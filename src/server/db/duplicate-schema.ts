import { index, integer, jsonb, pgTable, primaryKey, serial, timestamp } from 'drizzle-orm/pg-core'
import { timestamps, users } from './schema.ts'

/*
 * Issue 19: duplicates and merges, beside the core schema (schema.ts), which drizzle-kit reads
 * with this file.
 */

// 'Not duplicates': a pair of talents a person said are different people, so the duplicates page
// does not show it again. Stored once per pair, lower id first.
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    lowId: integer('low_id').notNull(),
    highId: integer('high_id').notNull(),
    dismissedById: integer('dismissed_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.lowId, t.highId] })],
)

// A merge: the survivor's and every merged talent's full before-image (fields, tags, statuses,
// notes, CV version ids), and the survivor right after, so undo brings the merged talents back
// exactly and keeps what was changed on the survivor since. No foreign key to talents on purpose:
// the record outlives a deleted survivor, so undo can refuse clearly.
export const merges = pgTable(
  'merges',
  {
    id: serial('id').primaryKey(),
    survivorId: integer('survivor_id').notNull(),
    mergedIds: integer('merged_ids').array().notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    undoUntil: timestamp('undo_until', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneById: integer('undone_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('merges_survivor_idx').on(t.survivorId),
    index('merges_merged_ids_idx').using('gin', t.mergedIds),
  ],
)
