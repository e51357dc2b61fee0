import type { FieldDefinition } from '#shared/fields.ts'
import type { Readable } from 'node:stream'
import {
  exportFileName,
  talentExportQuerySchema,
  type ExportFormat,
  type TalentExportQuery,
  type ExportTalent,
  type TalentSelectionExport,
} from '#shared/talent-export.ts'
import { recordActivity } from '../audit/record.ts'
import type { Db } from '../db/open.ts'
import { recordPrivacyEvent } from '../privacy/log/record.ts'
import { NO_CORRECTIONS } from '../search/corrections.ts'
import { CSV_CONTENT_TYPE } from '../files/csv-writer.ts'
import { csvStream } from './export-csv.ts'
import { listQueryOf, talentBatches } from './export-rows.ts'
import { xlsxStream, XLSX_CONTENT_TYPE } from './export-xlsx.ts'
import { countQuery, countTalents } from './count.ts'
import { filterOf } from './list-plan.ts'
import { inTransaction } from '../db/in-transaction.ts'
import { exportFieldsFor, type ExportViewer, type FieldColumns } from './export-fields.ts'

export type TalentExport = {
  format: ExportFormat
  fileName: string
  contentType: string
  /** The talents matching the query when the export began (X-Total-Count, the client's progress). */
  total: number
  stream: Readable
}

/**
 * GET /api/talents/export: every talent matching the dashboard's filters,
 * search and sort, as a CSV or XLSX stream read in keyset-paged batches.
 *
 * The export is in the activity log (who, format, filter, sort, count) and the privacy log (who,
 * format, count: security rule 54) before any row leaves, so a download cut short is still on
 * record; the count is the one the list shows for the filter.
 */
export async function startTalentExport(
  db: Db,
  query: TalentExportQuery,
  viewer: ExportViewer & { fields: readonly FieldDefinition[] },
  now = new Date(),
): Promise<TalentExport> {
  const filter = filterOf(listQueryOf(query), viewer.fields)
  const total = await countTalents(db, filter, viewer.dataVersion)
  const fields = await exportFieldsFor(db, viewer)
  await recordExport(db, viewer.userId, query, { filter, rowCount: total }, { scope: 'filter' })
  return exportOf(
    query,
    total,
    talentBatches(db, query, viewer.fields, undefined, fields.hiding),
    fields,
    now,
  )
}

/**
 * POST /api/talents/export: the selected talents that still exist, in the
 * dashboard's sort. The log records how many were asked for and how many went into the file.
 */
export async function startSelectionExport(
  db: Db,
  selection: TalentSelectionExport,
  viewer: ExportViewer & { fields: readonly FieldDefinition[] },
  now = new Date(),
): Promise<TalentExport> {
  const { ids, format, sort } = selection
  const fields = await exportFieldsFor(db, viewer)
  // The list's query with no filter: the selection is the whole of what the file holds.
  const query = talentExportQuerySchema.parse({ format, sort })
  // Not the cached count: a selection is no filter the cache keys on.
  const [counted] = await countQuery(db, { ids }, NO_CORRECTIONS)
  const total = counted?.n ?? 0
  await recordExport(
    db,
    viewer.userId,
    query,
    { selected: ids.length, rowCount: total },
    { scope: 'selection', requested: ids.length },
  )
  return exportOf(
    query,
    total,
    talentBatches(db, query, viewer.fields, ids, fields.hiding),
    fields,
    now,
  )
}

/**
 * Both records in one transaction. The privacy log's entry says who exported how many talents in
 * which format, never the filter or search (it may name a person; security rule 55).
 */
async function recordExport(
  db: Db,
  userId: number,
  query: Pick<TalentExportQuery, 'format' | 'sort'>,
  details: { rowCount: number } & Record<string, unknown>,
  privacy: { scope: 'filter' | 'selection'; requested?: number },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await recordActivity(tx, {
      userId,
      action: 'talent.exported',
      entityType: 'talent',
      entityId: null,
      details: { format: query.format, sort: query.sort, ...details },
    })
    await recordPrivacyEvent(tx, {
      kind: 'spreadsheet-export',
      actorId: userId,
      count: details.rowCount,
      details: { format: query.format, ...privacy },
    })
  })
}

function exportOf(
  query: Pick<TalentExportQuery, 'format'>,
  total: number,
  batches: AsyncGenerator<ExportTalent[]>,
  fields: FieldColumns,
  now: Date,
): TalentExport {
  return {
    format: query.format,
    fileName: exportFileName(query.format, now),
    contentType: query.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
    total,
    stream:
      query.format === 'csv'
        ? csvStream(batches, fields.columns)
        : xlsxStream(batches, fields.columns),
  }
}
