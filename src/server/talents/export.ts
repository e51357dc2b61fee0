import type { Readable } from 'node:stream'
import { exportFileName, type TalentExportQuery } from '#shared/talent-export.ts'
import { recordActivity } from '../activity/record.ts'
import type { Db } from '../db/open.ts'
import { csvStream, CSV_CONTENT_TYPE } from './export-csv.ts'
import { listQueryOf, talentBatches } from './export-rows.ts'
import { xlsxStream, XLSX_CONTENT_TYPE } from './export-xlsx.ts'
import { countTalents, filterOf } from './list.ts'

export type TalentExport = {
  fileName: string
  contentType: string
  /** The talents matching the query when the export began (X-Total-Count, the client's progress). */
  total: number
  stream: Readable
}

/**
 * GET /api/talents/export (issue 18 items 6-7): every talent matching the dashboard's filters,
 * search and sort, as a CSV or XLSX stream read in keyset-paged batches.
 *
 * The export is in the activity log before any row leaves (who, format, filter, sort, count), so
 * a download cut short is still on record; the count is the one the list shows for the filter.
 */
export async function startTalentExport(
  db: Db,
  query: TalentExportQuery,
  viewer: { userId: number; dataVersion?: number },
  now = new Date(),
): Promise<TalentExport> {
  const filter = filterOf(listQueryOf(query))
  const total = await countTalents(db, filter, viewer.dataVersion)
  await recordActivity(db, {
    userId: viewer.userId,
    action: 'talent.exported',
    entityType: 'talent',
    entityId: null,
    details: { format: query.format, filter, sort: query.sort, rowCount: total },
  })
  const batches = talentBatches(db, query)
  return {
    fileName: exportFileName(query.format, now),
    contentType: query.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
    total,
    stream: query.format === 'csv' ? csvStream(batches) : xlsxStream(batches),
  }
}
