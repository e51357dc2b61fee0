import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import {
  HEADER_ONLY_MESSAGE,
  MAPPING_COLUMNS_MESSAGE,
  SAMPLE_ROW_COUNT,
  SPREADSHEET_IMPORT_NOT_FOUND,
  importMappingSchema,
  type ImportMapping,
  type SpreadsheetImportCreated,
} from '#shared/imports/import-api.ts'
import type { FieldDefinition } from '#shared/fields.ts'
import {
  fieldKeyOf,
  mappingProblems,
  suggestColumnMapping,
} from '#shared/imports/column-mapping.ts'
import { listedFor, loadDefinitions } from '../fields/definitions.ts'
import { sanitizeFileName } from '#shared/cv.ts'
import { withoutUnstorable } from '#shared/stored-text.ts'
import { changeableBy } from '../auth/can-change.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { spreadsheetImports } from '../db/import-schema.ts'
import { BadRequestError, NotFoundError } from '../errors.ts'
import { databaseFileStore } from '../files/database-file-store.ts'
import { inspectTable, readTableRows, type TableShape } from './read-table.ts'
import { storeUploadInPieces } from './store-upload.ts'
import { inTransaction } from '../db/in-transaction.ts'

/*
 * PERMISSIONS (the README's table repeats this): any signed-in user imports — they may
 * add talents one by one. An import's mapping and dry run are its author's (and admins'), as the
 * uploaded file is theirs.
 */
export type SpreadsheetImportRow = typeof spreadsheetImports.$inferSelect

const MIME_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

/** The header and the first rows of a sheet: what the mapping screen shows. */
async function previewOf(
  bytes: Buffer,
  shape: TableShape,
  sheet: string | undefined,
): Promise<{ headers: string[]; sampleRows: string[][] }> {
  const rows: string[][] = []
  for await (const { cells } of readTableRows(bytes, shape, sheet)) {
    rows.push(cells)
    if (rows.length > SAMPLE_ROW_COUNT) break
  }
  const [headers = [], ...sampleRows] = rows
  if (sampleRows.length === 0) throw new BadRequestError(HEADER_ONLY_MESSAGE)
  // Headers are kept (jsonb): a NUL in one would fail the upload (security rule 45).
  return { headers: headers.map((header) => withoutUnstorable(header).trim()), sampleRows }
}

/**
 * The mapping the person last saved for a file with exactly these headers, so
 * the monthly export of the same system maps itself.
 */
async function rememberedMapping(
  db: Db,
  actor: Actor,
  headers: string[],
): Promise<ImportMapping | undefined> {
  const [row] = await db
    .select({ mapping: spreadsheetImports.mapping })
    .from(spreadsheetImports)
    .where(
      and(
        eq(spreadsheetImports.createdById, actor.id),
        sql`${spreadsheetImports.headers} = ${JSON.stringify(headers)}::jsonb`,
        isNotNull(spreadsheetImports.mapping),
      ),
    )
    .orderBy(desc(spreadsheetImports.id))
    .limit(1)
  const parsed = importMappingSchema.safeParse(row?.mapping)
  return parsed.success && parsed.data.columns.length === headers.length ? parsed.data : undefined
}

function created(
  row: SpreadsheetImportRow,
  sheet: string | null,
  preview: { headers: string[]; sampleRows: string[][] },
  remembered: ImportMapping | undefined,
  fields: FieldDefinition[],
): SpreadsheetImportCreated {
  return {
    importId: row.id,
    fileName: row.fileName,
    format: row.format,
    sheets: row.sheets,
    sheet,
    columns: preview.headers,
    sampleRows: preview.sampleRows,
    suggestedMapping: importMappingSchema.parse({
      ...remembered,
      ...(sheet === null ? {} : { sheet }),
      columns: remembered?.columns ?? suggestColumnMapping(preview.headers, fields),
    }),
  }
}

/** POST /api/imports: the file is read far enough to show its columns, then kept for the run. */
export async function createSpreadsheetImport(
  db: Db,
  actor: Actor,
  file: { fileName: string; bytes: Buffer },
): Promise<SpreadsheetImportCreated> {
  const shape = await inspectTable(file.bytes, file.fileName)
  const sheet = shape.format === 'xlsx' ? (shape.sheets[0] ?? null) : null
  const preview = await previewOf(file.bytes, shape, sheet ?? undefined)
  const row = await inTransaction(db, async (tx) => {
    // Security rule 47: in pieces; a 50 MB file in one statement held the event loop for seconds.
    const stored = await storeUploadInPieces(tx, file.bytes, MIME_TYPES[shape.format])
    const [inserted] = await tx
      .insert(spreadsheetImports)
      .values({
        createdById: actor.id,
        // The CV uploads' sanitiser: no path, control or invisible characters (security rule 48).
        fileName: sanitizeFileName(file.fileName, 'spreadsheet'),
        sha256: stored.sha256,
        format: shape.format,
        encoding: shape.encoding,
        delimiter: shape.delimiter,
        sheets: shape.sheets,
        headers: preview.headers,
      })
      .returning()
    if (!inserted) throw new Error('Inserting a spreadsheet import returned no row')
    return inserted
  })
  return created(
    row,
    sheet,
    preview,
    await rememberedMapping(db, actor, preview.headers),
    await fieldsFor(db, actor),
  )
}

/**
 * The custom fields a person may fill from a file: those GET /api/fields lists them (private
 * ones for admins only, security rule 65).
 */
async function fieldsFor(db: Db, actor: Actor): Promise<FieldDefinition[]> {
  return listedFor(await loadDefinitions(db), actor)
}

/** The import, if the actor may work on it; others get the same 404 as a missing one. */
export async function importFor(db: Db, actor: Actor, id: number): Promise<SpreadsheetImportRow> {
  const [row] = await db
    .select()
    .from(spreadsheetImports)
    .where(and(eq(spreadsheetImports.id, id), changeableBy(actor, spreadsheetImports.createdById)))
  if (!row) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
  return row
}

export async function importBytes(db: Db, row: SpreadsheetImportRow): Promise<Buffer> {
  const bytes = row.sha256 ? await databaseFileStore(db).get(row.sha256) : undefined
  if (!bytes) throw new NotFoundError(SPREADSHEET_IMPORT_NOT_FOUND)
  return bytes
}

export function shapeOf(row: SpreadsheetImportRow): TableShape {
  return {
    format: row.format,
    sheets: row.sheets,
    encoding: row.encoding,
    delimiter: row.delimiter,
  }
}

/** GET /api/imports/:id/preview?sheet=: another sheet of a workbook, with its own suggestions. */
export async function previewSheet(
  db: Db,
  actor: Actor,
  id: number,
  sheet: string | undefined,
): Promise<SpreadsheetImportCreated> {
  const row = await importFor(db, actor, id)
  const chosen = row.format === 'xlsx' ? (sheet ?? row.sheets[0] ?? null) : null
  const preview = await previewOf(await importBytes(db, row), shapeOf(row), chosen ?? undefined)
  // A sheet being mapped starts afresh; an import already run keeps what it ran with.
  await db
    .update(spreadsheetImports)
    .set({ headers: preview.headers, mapping: null, updatedAt: new Date() })
    .where(and(eq(spreadsheetImports.id, row.id), eq(spreadsheetImports.state, 'mapping')))
  return created(
    row,
    chosen,
    preview,
    await rememberedMapping(db, actor, preview.headers),
    await fieldsFor(db, actor),
  )
}

/** PUT /api/imports/:id/mapping: checked against the file's columns, then kept for the runs. */
export async function saveMapping(
  db: Db,
  actor: Actor,
  id: number,
  mapping: ImportMapping,
): Promise<ImportMapping> {
  const row = await importFor(db, actor, id)
  if (mapping.columns.length !== row.headers.length)
    throw new BadRequestError(MAPPING_COLUMNS_MESSAGE)
  const problems = mappingProblems(mapping.columns)
  if (problems.length > 0) throw new BadRequestError(problems.join(' '))
  // Security rule 65: a column fills only a field the person may see; any other is unknown.
  const known = new Set((await fieldsFor(db, actor)).map((field) => field.key))
  for (const target of mapping.columns) {
    const key = fieldKeyOf(target)
    if (key !== undefined && !known.has(key)) throw new BadRequestError(`Unknown field: ${key}`)
  }
  await db
    .update(spreadsheetImports)
    .set({ mapping, updatedAt: new Date() })
    .where(eq(spreadsheetImports.id, row.id))
  return mapping
}
