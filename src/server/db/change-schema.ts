import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { BULK_ACTIONS } from '#shared/bulk.ts'
import { CV_IMPORT_ITEM_STATES, CV_IMPORT_STATES } from '#shared/cv-import.ts'
import { actorIdColumn, talents, timestamps } from './schema.ts'
import { files } from './file-schema.ts'

/*
 * Tables of work that can be undone as a whole (changes/ in docs/architecture.md, "Shared modules") and of the
 * features built on it, beside the core schema (schema.ts), which drizzle-kit reads with this file.
 */
export const CHANGE_ENTITIES = ['talent', 'talent_cv', 'custom_field'] as const
/**
 * What a change set did to a row: created it (undo deletes it), updated it (undo puts the
 * before-image back) or deleted it (undo inserts the before-image again). A deleted custom
 * field's values are `field_value_removed` rows of their talents, `before` the one value: undo
 * puts that key back and touches nothing else (fields/delete.ts).
 */
export const CHANGE_OPS = ['created', 'updated', 'deleted', 'field_value_removed'] as const

// changes/ (docs/architecture.md, "Shared modules"): an operation that can be undone as a whole (a CV import,
// later a spreadsheet import, a merge, a bulk action) records what it did to each row, in the
// same transaction as the change. Undo replays the rows unless a row moved on since.
export const changeSets = pgTable('change_sets', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  createdById: actorIdColumn('created_by_id'),
  undoUntil: timestamp('undo_until', { withTimezone: true }).notNull(),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
  undoneById: actorIdColumn('undone_by_id'),
  ...timestamps,
})

export const changeSetRows = pgTable(
  'change_set_rows',
  {
    id: serial('id').primaryKey(),
    changeSetId: integer('change_set_id')
      .notNull()
      .references(() => changeSets.id, { onDelete: 'cascade' }),
    entity: text('entity', { enum: CHANGE_ENTITIES }).notNull(),
    entityId: integer('entity_id').notNull(),
    op: text('op', { enum: CHANGE_OPS }).notNull().default('created'),
    // The row's columns (snake_case, as to_jsonb(row) names them) before an update — only the
    // columns the operation changed — or the whole row before a delete; null for a created row.
    before: jsonb('before'),
    // What the row looked like right after the change: undo leaves a row that moved on since.
    stamp: timestamp('stamp', { withTimezone: true }),
    // A deleted CV version's file: kept while this row exists, so undo can bring the CV back
    // (delete_unreferenced_file, migration 0015).
    sha256: text('sha256').references(() => files.sha256),
    ...timestamps,
  },
  (t) => [
    index('change_set_rows_set_idx').on(t.changeSetId, t.id),
    index('change_set_rows_sha256_idx')
      .on(t.sha256)
      .where(sql`${t.sha256} is not null`),
  ],
)

// Bulk actions: one row per action on a selection, undone through its change set.
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: serial('id').primaryKey(),
    changeSetId: integer('change_set_id')
      .notNull()
      .references(() => changeSets.id),
    createdById: actorIdColumn('created_by_id'),
    action: text('action', { enum: BULK_ACTIONS }).notNull(),
    payload: jsonb('payload').notNull(),
    // How the selection was given: { ids: n } or the list filter it was taken with.
    selection: jsonb('selection').notNull(),
    affected: integer('affected').notNull(),
    ...timestamps,
  },
  (t) => [index('bulk_actions_created_at_idx').on(t.createdAt, t.id)],
)

// 'Import CVs': one import, its files as rows, undone through its change set.
export const cvImports = pgTable('cv_imports', {
  id: serial('id').primaryKey(),
  changeSetId: integer('change_set_id')
    .notNull()
    .references(() => changeSets.id),
  createdById: actorIdColumn('created_by_id'),
  state: text('state', { enum: CV_IMPORT_STATES }).notNull().default('running'),
  ...timestamps,
})

export const cvImportItems = pgTable(
  'cv_import_items',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => cvImports.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    // The file while the row still needs it (reading, review); null for a refused file.
    sha256: text('sha256').references(() => files.sha256),
    state: text('state', { enum: CV_IMPORT_ITEM_STATES }).notNull().default('queued'),
    talentId: integer('talent_id').references(() => talents.id, { onDelete: 'set null' }),
    reason: text('reason'),
    suggested: jsonb('suggested'),
    ...timestamps,
  },
  (t) => [
    index('cv_import_items_import_idx').on(t.importId, t.id),
    index('cv_import_items_sha256_idx').on(t.sha256),
  ],
)
