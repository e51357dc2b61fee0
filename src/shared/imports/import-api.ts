import { z } from 'zod'
import { DUPLICATE_REASONS } from '../duplicates.ts'
import {
  CHOOSE_LAWFUL_BASIS,
  CHOOSE_SOURCE,
  DEFAULT_LAWFUL_BASIS,
  IMPORT_DEFAULT_SOURCE,
  LAWFUL_BASES,
  PRIVACY_SOURCES,
} from '../privacy.ts'
import { columnTargetSchema } from './column-mapping.ts'
import { valueMappingSchema } from './value-mapping.ts'

/**
 * A spreadsheet import is uploaded, mapped, tried (dry run), then run. These
 * are the routes' shapes and the messages a person sees, once for the server and the screen.
 */
export const TABLE_FORMATS = ['csv', 'xlsx'] as const
export type TableFormat = (typeof TABLE_FORMATS)[number]

export const IMPORT_MAX_MB = 50
export const IMPORT_MAX_COLUMNS = 200
/** Rows shown on the mapping screen. */
export const SAMPLE_ROW_COUNT = 5
export const DRY_RUN_PAGE_SIZE = 100

export const IMPORT_ACCEPT = '.csv,.tsv,.txt,.xlsx'

export const NO_IMPORT_FILE_MESSAGE = 'Choose a .csv, .tsv or .xlsx file to import.'
export const BINARY_FILE_MESSAGE =
  'This file is not a spreadsheet Scout can read. Save it as .csv or .xlsx and try again.'
export const OLD_EXCEL_MESSAGE =
  'Old Excel files (.xls) are not read. Save the sheet as .xlsx or .csv and try again.'
export const EMPTY_FILE_MESSAGE = 'This file has no rows.'
export const HEADER_ONLY_MESSAGE = 'This file has a header row but no talents under it.'
export const SHEET_NOT_FOUND_MESSAGE = (sheet: string) =>
  `This workbook has no sheet named "${sheet}".`
export const unclosedQuoteMessage = (row: number) =>
  `Row ${row} opens a quoted value that is never closed. Fix the quote and upload the file again.`
export const tooManyColumnsMessage = (columns: number) =>
  `This file has ${columns.toLocaleString('en-US')} columns; Scout reads up to ${IMPORT_MAX_COLUMNS}. Remove the columns you do not need.`
export const importTooLargeMessage = () =>
  `The file is larger than the ${IMPORT_MAX_MB} MB limit. Split it and import the parts.`
export const SPREADSHEET_IMPORT_NOT_FOUND = 'Import not found'
/** Security rule 45: a cell holding a character no database column stores refuses its row. */
export const unstorableCellMessage = (column: number, character: string) =>
  `Column ${column} holds ${character}, a character Scout cannot store. Remove it from the file and upload it again.`
export const MAPPING_COLUMNS_MESSAGE =
  'The mapping must name a target for every column of the file.'

/** What happens to a row whose e-mail already belongs to a talent. */
export const EXISTING_TALENT_POLICIES = ['skip', 'fillEmpty', 'overwrite'] as const
export type ExistingTalentPolicy = (typeof EXISTING_TALENT_POLICIES)[number]

/**
 * The privacy record a row gets where the sheet has no column for it, or an empty cell (security
 * rule 49): chosen once per import on the mapping screen.
 */
export const importPrivacyDefaultsSchema = z.strictObject({
  source: z.enum(PRIVACY_SOURCES, { error: CHOOSE_SOURCE }),
  lawfulBasis: z.enum(LAWFUL_BASES, { error: CHOOSE_LAWFUL_BASIS }),
})
export type ImportPrivacyDefaults = z.infer<typeof importPrivacyDefaultsSchema>
export const IMPORT_PRIVACY_DEFAULTS: ImportPrivacyDefaults = {
  source: IMPORT_DEFAULT_SOURCE,
  lawfulBasis: DEFAULT_LAWFUL_BASIS,
}

export const importMappingSchema = z.strictObject({
  /** XLSX: the sheet to read; ignored for CSV. */
  sheet: z.string().max(200).optional(),
  columns: z.array(columnTargetSchema).max(1000),
  values: valueMappingSchema.default({ areaOfInterest: {}, seniorityLevel: {}, status: {} }),
  existing: z.enum(EXISTING_TALENT_POLICIES).default('skip'),
  privacy: importPrivacyDefaultsSchema.default(IMPORT_PRIVACY_DEFAULTS),
})
export type ImportMapping = z.infer<typeof importMappingSchema>

const int4Id = z.coerce.number().int().positive().max(2_147_483_647)
export const spreadsheetImportParamsSchema = z.strictObject({ id: int4Id })

/** A value of a listed field the file holds, with how often, and what Scout would store for it. */
export const listedValueSchema = z.object({
  value: z.string(),
  count: z.number().int(),
  suggestion: z.string().nullable(),
})

/** POST /api/imports → 201. */
export const spreadsheetImportCreatedSchema = z.object({
  importId: z.number().int(),
  fileName: z.string(),
  format: z.enum(TABLE_FORMATS),
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  columns: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  suggestedMapping: importMappingSchema,
})
export type SpreadsheetImportCreated = z.infer<typeof spreadsheetImportCreatedSchema>

export const rowProblemSchema = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
})
export type RowProblem = z.infer<typeof rowProblemSchema>

export const dryRunQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})

/** Most rows a dry run lists as likely talents of the pool; `possibleDuplicates` counts them all. */
export const POSSIBLE_DUPLICATE_ROWS_LIMIT = 200

/**
 * On an import, a row that would add a talent but looks like one already in the pool
 * (the check's rules, as on the talent form), with those talents, strongest first. A warning only:
 * the run still adds it.
 */
export const possibleDuplicateRowSchema = z.object({
  row: z.number().int(),
  fullName: z.string(),
  candidates: z.array(
    z.object({
      talentId: z.number().int(),
      fullName: z.string(),
      confidence: z.number(),
      reasons: z.array(z.enum(DUPLICATE_REASONS)),
    }),
  ),
})
export type PossibleDuplicateRow = z.infer<typeof possibleDuplicateRowSchema>

/** Most held rows a dry run lists; `held` counts them all. */
export const HELD_ROWS_LIMIT = 200

/**
 * A new-talent row whose e-mail or phone matches an erasure record (security rule 52, 63): held,
 * not written, unless the importer confirms such rows when starting the run.
 */
export const heldRowSchema = z.object({
  row: z.number().int(),
  fullName: z.string(),
  /** "This person asked to be erased on <date>" (shared/erasure.ts). */
  message: z.string(),
})
export type HeldRow = z.infer<typeof heldRowSchema>

/** POST /api/imports/:id/run. `includeErased`: the held rows are confirmed and written too. */
export const runImportSchema = z.strictObject({
  includeErased: z.boolean().default(false),
})
export type RunImportInput = z.input<typeof runImportSchema>

/** POST /api/imports/:id/dry-run: what the run would do, and the rows it would refuse (paged). */
export const dryRunResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  invalid: z.number().int(),
  /** New-talent rows that look like a talent already in the pool (counted among `created`). */
  possibleDuplicates: z.number().int(),
  /** The first POSSIBLE_DUPLICATE_ROWS_LIMIT of them, in file order. */
  possibleDuplicateRows: z.array(possibleDuplicateRowSchema),
  /** New-talent rows of people who asked to be erased: held unless confirmed (not in `created`). */
  held: z.number().int(),
  /** The first HELD_ROWS_LIMIT of them, in file order. */
  heldRows: z.array(heldRowSchema),
  /** Values of area, level and status the mapping does not place yet, with counts. */
  unmappedValues: z.object({
    areaOfInterest: z.array(listedValueSchema),
    seniorityLevel: z.array(listedValueSchema),
    status: z.array(listedValueSchema),
  }),
  errors: z.array(rowProblemSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
})
export type DryRunResult = z.infer<typeof dryRunResultSchema>

/**
 * A dry run is a background job (a 100,000-row file with its duplicate check outlasts a request,
 * and on the embedded engine it shares the one connection with other jobs): queued, running,
 * then done with its result kept for paging — or failed with the reason the file was refused.
 */
export const DRY_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const
export type DryRunState = (typeof DRY_RUN_STATES)[number]

/** The 202 of POST and GET /api/imports/:id/dry-run while the rows are being checked. */
export const dryRunProgressSchema = z.object({
  state: z.enum(['queued', 'running']),
  /** Rows checked so far, of `total` (0 until the rows are counted). */
  done: z.number().int(),
  total: z.number().int(),
})
export type DryRunProgress = z.infer<typeof dryRunProgressSchema>

export const NO_DRY_RUN_MESSAGE = 'Check the rows with this mapping first.'
export const DRY_RUN_FAILED_MESSAGE = 'Checking the rows failed. Try again.'
/** A check whose job failed for good, with the reason (security rule 45). */
export const dryRunFailedMessage = (reason: string) =>
  `Checking the rows failed (${reason}). Try again.`

export const SPREADSHEET_IMPORT_STATES = [
  'mapping',
  'queued',
  'running',
  'done',
  'failed',
  'undone',
] as const
export type SpreadsheetImportState = (typeof SPREADSHEET_IMPORT_STATES)[number]
export const SPREADSHEET_IMPORT_UNDO_DAYS = 7

export const ALREADY_RUN_MESSAGE = 'This import has already been run.'
/** Security rule 45: a run whose job failed for good ends 'failed' with this, never stays running. */
export const importFailedMessage = (reason: string) =>
  `The import stopped and could not go on (${reason}). Undo it to take back what it wrote, then fix the file and import it again.`
export const FAILED_IMPORT_RUN_MESSAGE =
  'This import failed and cannot be run again. Undo it, then upload the file again.'
/** Security rule 45: a check that failed blocks the run until the rows are checked again. */
export const checkFailedMessage = (error: string) =>
  `The last check of these rows failed, so the import cannot run. ${error}`
export const IMPORT_UNDO_NOT_READY = 'Wait until the import has finished, then undo it.'
export const IMPORT_ALREADY_UNDONE = 'This import was already undone.'
export const IMPORT_UNDO_EXPIRED = `An import can be undone for ${SPREADSHEET_IMPORT_UNDO_DAYS} days; this one is older.`
export const IMPORT_UNDO_RUNNING = 'This import is already being undone.'

/**
 * An import's undo runs as a background job, batch by batch (99,000 talents outlast a request):
 * queued, running, done — or failed, when a new undo request goes on from where it stopped.
 */
export const IMPORT_UNDO_STATES = ['queued', 'running', 'done', 'failed'] as const
export type ImportUndoState = (typeof IMPORT_UNDO_STATES)[number]

/** Where an undo stands: talents (the change set's rows) done of total, and what it did so far. */
export const importUndoSchema = z.object({
  state: z.enum(IMPORT_UNDO_STATES),
  done: z.number().int(),
  total: z.number().int(),
  removedTalents: z.number().int(),
  restoredTalents: z.number().int(),
  /** Talents left as they are because someone changed them since the import. */
  keptCount: z.number().int(),
})
export type ImportUndo = z.infer<typeof importUndoSchema>

export const keptTalentSchema = z.object({ talentId: z.number().int(), fullName: z.string() })
export type KeptTalent = z.infer<typeof keptTalentSchema>

/** GET /api/imports/:id and the rows of GET /api/imports: where an import stands (polled). */
export const spreadsheetImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  state: z.enum(SPREADSHEET_IMPORT_STATES),
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  invalid: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why the run failed (state 'failed'); null otherwise. */
  error: z.string().nullable(),
  undoUntil: z.iso.datetime({ offset: true }).nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Null until someone asks to undo the import. */
  undo: importUndoSchema.nullable(),
})
export type SpreadsheetImport = z.infer<typeof spreadsheetImportSchema>

/**
 * GET /api/imports/:id, and the 202 of its run and undo: the import, and the talents its undo
 * left as they are so far (only here: the list of imports stays small whatever an undo kept).
 */
export const spreadsheetImportDetailSchema = spreadsheetImportSchema.extend({
  kept: z.array(keptTalentSchema),
})
export type SpreadsheetImportDetail = z.infer<typeof spreadsheetImportDetailSchema>
