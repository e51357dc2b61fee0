import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import {
  DRY_RUN_STATES,
  IMPORT_UNDO_STATES,
  SPREADSHEET_IMPORT_STATES,
  TABLE_FORMATS,
  type DryRunResult,
  type KeptTalent,
} from '#shared/imports/import-api.ts'
import { changeSets } from './change-schema.ts'
import { actorIdColumn, timestamps } from './schema.ts'
import { files } from './file-schema.ts'

// A spreadsheet import — the uploaded file (in the FileStore), the person's mapping, and
// once it runs, its progress and the change set that undoes it.
export const spreadsheetImports = pgTable(
  'spreadsheet_imports',
  {
    id: serial('id').primaryKey(),
    createdById: actorIdColumn('created_by_id'),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').references(() => files.sha256),
    format: text('format', { enum: TABLE_FORMATS }).notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    sheets: jsonb('sheets').$type<string[]>().notNull(),
    // The header row of the sheet being mapped: a mapping names one target per column.
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping'),
    state: text('state', { enum: SPREADSHEET_IMPORT_STATES }).notNull().default('mapping'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    changeSetId: integer('change_set_id').references(() => changeSets.id),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // Why a run ended 'failed' (security rule 45): shown on the import, so it never just stops.
    error: text('error'),
    // The undo, a job (undo-job.ts): who asked, where it stands, and the id of the last change-set
    // row it went through, moved in the transaction of each batch so no row is undone twice.
    undoState: text('undo_state', { enum: IMPORT_UNDO_STATES }),
    undoById: actorIdColumn('undo_by_id'),
    undoTotal: integer('undo_total').notNull().default(0),
    undoDone: integer('undo_done').notNull().default(0),
    undoAfter: integer('undo_after').notNull().default(0),
    undoRemoved: integer('undo_removed').notNull().default(0),
    undoRestored: integer('undo_restored').notNull().default(0),
    undoKept: jsonb('undo_kept').$type<KeptTalent[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('spreadsheet_imports_creator_idx').on(t.createdById, t.id),
    index('spreadsheet_imports_sha256_idx').on(t.sha256),
  ],
)

/** A kept dry run: its counts and warnings, and every refused row it lists (up to a limit). */
/** A dry run's result as kept; one kept before rows were held has no held rows. */
export type KeptDryRun = Omit<DryRunResult, 'page' | 'pageCount' | 'held' | 'heldRows'> &
  Partial<Pick<DryRunResult, 'held' | 'heldRows'>>

// An import's latest dry run, a job (dry-run-job.ts). Its own table, so the
// import's row stays small while the result (up to 10,000 refused rows) is kept for paging.
export const importDryRuns = pgTable('import_dry_runs', {
  importId: integer('import_id')
    .primaryKey()
    .references(() => spreadsheetImports.id, { onDelete: 'cascade' }),
  // Moved by every new check: a job whose generation has moved on stops and keeps nothing.
  generation: integer('generation').notNull(),
  // The mapping checked; the result answers only while the import's saved mapping is this one.
  mapping: jsonb('mapping').notNull(),
  state: text('state', { enum: DRY_RUN_STATES }).notNull(),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  result: jsonb('result').$type<KeptDryRun>(),
  error: text('error'),
  ...timestamps,
})
