import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { actorIdColumn, talents, timestamps } from './schema.ts'

/*
 * Duplicates and merges, beside the core schema (schema.ts), which drizzle-kit reads
 * with this file.
 */

// 'Not duplicates': a pair of talents a person said are different people, so the duplicates page
// does not show it again. Stored once per pair, lower id first.
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    lowId: integer('low_id').notNull(),
    highId: integer('high_id').notNull(),
    dismissedById: actorIdColumn('dismissed_by_id'),
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
    createdById: actorIdColumn('created_by_id'),
    undoUntil: timestamp('undo_until', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneById: actorIdColumn('undone_by_id'),
    ...timestamps,
  },
  (t) => [
    index('merges_survivor_idx').on(t.survivorId),
    index('merges_merged_ids_idx').using('gin', t.mergedIds),
  ],
)

// The whole-pool scan's state (one row, id 1): whether a scan is queued (at most one at a time:
// migration 0018's trigger and duplicates/scan-schedule.ts set `pending` and enqueue in one
// statement), and when the stored result's scan began.
export const duplicateScans = pgTable(
  'duplicate_scans',
  {
    id: integer('id').primaryKey().default(1),
    pending: boolean('pending').notNull().default(false),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check('duplicate_scans_one_row', sql`${t.id} = 1`)],
)

// The last scan's result: each group of likely duplicates with its pairs and the rules that held
// for each, so 'Not duplicates' and a merge can take a pair out at once (duplicates/stored-groups.ts).
export const duplicateGroups = pgTable(
  'duplicate_groups',
  {
    id: serial('id').primaryKey(),
    talentIds: integer('talent_ids').array().notNull(),
    /** The lowest id of the group: the page's order after confidence. */
    firstId: integer('first_id').notNull(),
    confidence: doublePrecision('confidence').notNull(),
    reasons: text('reasons').array().notNull(),
    pairs: jsonb('pairs').notNull(),
    ...timestamps,
  },
  (t) => [
    index('duplicate_groups_rank_idx').on(t.confidence.desc(), t.firstId),
    index('duplicate_groups_talent_ids_idx').using('gin', t.talentIds),
  ],
)

/**
 * Where the similar-name rule looks (duplicates/rules.ts, scan.ts): each talent's name blocks,
 * `talent_name_blocks(area, name)` (migration 0025), a row each, kept by triggers on talents
 * (migration 0028). A table of its own, not an expression index on talents: an update of any
 * column of a talent (a bulk tag) wrote a new entry in every index of the table, and this one ran
 * a PL/pgSQL function for each row, ~25-45 ms a 1,000 rows on the embedded engine
 * (docs/performance.md). Only a new name or area changes these rows.
 */
export const nameBlocks = pgTable(
  'name_blocks',
  {
    block: text('block').notNull(),
    talentId: integer('talent_id')
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.block, t.talentId] }),
    index('name_blocks_talent_id_idx').on(t.talentId),
  ],
)
