import type { Readable } from 'node:stream'
import { IMPORT_FIELD_LABELS } from '#shared/imports/column-mapping.ts'
import {
  importMappingSchema,
  type ImportMapping,
  type RowProblem,
} from '#shared/imports/import-api.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { BadRequestError } from '../errors.ts'
import { csvFileStream } from '../files/csv-writer.ts'
import { MAPPING_FIRST_MESSAGE } from './dry-run.ts'
import { planBatches } from './plan-rows.ts'
import { importBytes, importFor, shapeOf, type SpreadsheetImportRow } from './uploads.ts'

export const BAD_ROWS_REASON_HEADER = 'reason'

/** 'scout-import-12-bad-rows.csv': ours and plain ASCII, so the header needs no encoding. */
export const badRowsFileName = (id: number) => `scout-import-${id}-bad-rows.csv`

const LABELS: Readonly<Record<string, string | undefined>> = IMPORT_FIELD_LABELS

const labelOf = (field: string | null): string | undefined =>
  field !== null && Object.hasOwn(LABELS, field) ? LABELS[field] : undefined

/** Every reason a row was refused, on one line: 'Email: Invalid email address; …'. */
export function reasonOf(problems: readonly RowProblem[]): string {
  return problems
    .map(({ field, message }) => {
      const label = labelOf(field)
      return label ? `${label}: ${message}` : message
    })
    .join('; ')
}

/**
 * The row's cells under the file's headers, then the reason under its own header; cells past
 * the header's width (a ragged row) follow it, so nothing of the row is lost.
 */
function recordOf(cells: readonly string[], width: number, reason: string): string[] {
  const own = Array.from({ length: width }, (_, i) => cells[i] ?? '')
  return [...own, reason, ...cells.slice(width)]
}

async function* badRecords(
  db: Db,
  row: SpreadsheetImportRow,
  mapping: ImportMapping,
): AsyncGenerator<string[]> {
  const width = row.headers.length
  yield [...row.headers, BAD_ROWS_REASON_HEADER]
  const bytes = await importBytes(db, row)
  for await (const { rows, plans } of planBatches(db, bytes, shapeOf(row), mapping)) {
    for (const [i, plan] of plans.entries()) {
      if (plan.action !== 'invalid') continue
      yield recordOf(rows[i]?.cells ?? [], width, reasonOf(plan.problems))
    }
  }
}

/**
 * GET /api/imports/:id/errors.csv: the rows the dry run refuses, as they are in
 * the file, with a `reason` column — to fix in a spreadsheet program and import again. Planned
 * with the saved mapping, as the dry run is; streamed (the file is never held whole) by the one
 * CSV writer, as the export is (security rule 42: every cell quoted when it must be and neutralised
 * against formula injection). Checked before the stream starts, so a refusal is a plain 4xx.
 */
export async function badRowsCsv(db: Db, actor: Actor, id: number): Promise<Readable> {
  const row = await importFor(db, actor, id)
  const mapping = importMappingSchema.safeParse(row.mapping)
  if (row.mapping === null || !mapping.success) throw new BadRequestError(MAPPING_FIRST_MESSAGE)
  return csvFileStream(badRecords(db, row, mapping.data))
}
