import type { CountryCode } from 'libphonenumber-js'
import {
  POSSIBLE_DUPLICATE_ROWS_LIMIT,
  type PossibleDuplicateRow,
} from '#shared/imports/import-api.ts'
import type { Db } from '../db/open.ts'
import { duplicatesOfRows, type RowToCheck } from '../duplicates/batch-check.ts'
import type { RowPlan } from './plan-rows.ts'

/**
 * Issue 19 on a spreadsheet import's dry run: which rows that would add a talent look like one
 * already in the pool, batch by batch (one query a batch), counting them all and keeping the
 * first POSSIBLE_DUPLICATE_ROWS_LIMIT to list. Phone keys must be fresh before the first batch.
 */
export class PossibleDuplicateRows {
  count = 0
  readonly rows: PossibleDuplicateRow[] = []

  constructor(
    private readonly db: Db,
    private readonly region: CountryCode | undefined,
  ) {}

  async addBatch(plans: readonly RowPlan[]): Promise<void> {
    const creating = plans.flatMap((plan): RowToCheck[] =>
      plan.action === 'create' ? [{ row: plan.row, ...plan.talent }] : [],
    )
    const found = await duplicatesOfRows(this.db, creating, this.region)
    for (const row of creating) {
      const candidates = found.get(row.row)
      if (!candidates) continue
      this.count++
      if (this.rows.length < POSSIBLE_DUPLICATE_ROWS_LIMIT)
        this.rows.push({ row: row.row, fullName: row.fullName, candidates })
    }
  }
}
