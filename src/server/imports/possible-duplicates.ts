import type { CountryCode } from 'libphonenumber-js'
import {
  POSSIBLE_DUPLICATE_ROWS_LIMIT,
  type PossibleDuplicateRow,
} from '#shared/imports/import-api.ts'
import type { Db } from '../db/open.ts'
import { duplicatesOfRows, type RowToCheck } from '../duplicates/batch-check.ts'
import type { RowPlan } from './plan-rows.ts'

/**
 * New-talent rows one query checks. Larger sets spread the statement's fixed cost (planning, a
 * round trip) over more rows: ~5 s of a 100,000-row dry run at 500, ~3.5 s at 5,000 (PostgreSQL,
 * load 7); 2,000 keeps one statement near 0.1 s, which on the embedded engine is a request's wait.
 */
const CHECK_ROWS = 2_000

/**
 * On a spreadsheet import's dry run: which rows that would add a talent look like one
 * already in the pool, counting them all and keeping the first POSSIBLE_DUPLICATE_ROWS_LIMIT to
 * list, in file order. One check is in flight while the file is read on (on PostgreSQL the two
 * overlap); call finish() after the last batch. Phone keys must be fresh before the first batch.
 */
export class PossibleDuplicateRows {
  count = 0
  readonly rows: PossibleDuplicateRow[] = []
  private waiting: RowToCheck[] = []
  private checking: Promise<void> = Promise.resolve()
  private failure: Error | undefined = undefined

  constructor(
    private readonly db: Db,
    private readonly region: CountryCode | undefined,
  ) {}

  /** Takes a batch's plans; its new-talent rows are checked once CHECK_ROWS are waiting. */
  async add(plans: readonly RowPlan[]): Promise<void> {
    for (const plan of plans)
      if (plan.action === 'create') this.waiting.push({ row: plan.row, ...plan.talent })
    if (this.waiting.length >= CHECK_ROWS) await this.startCheck()
  }

  /** Checks the rows still waiting and waits for every check to end. */
  async finish(): Promise<void> {
    if (this.waiting.length > 0) await this.startCheck()
    await this.checking
    this.throwFailure()
  }

  /** Resolves once no check is in flight, whatever became of it (a dry run stopped part-way). */
  settled(): Promise<void> {
    return this.checking
  }

  private async startCheck(): Promise<void> {
    const rows = this.waiting
    this.waiting = []
    await this.checking
    this.throwFailure()
    // Kept, not awaited: the caller reads the next rows meanwhile. The failure is held for the
    // next call, so it is never an unhandled rejection.
    this.checking = this.check(rows).catch((error: unknown) => {
      this.failure =
        error instanceof Error ? error : new Error('Duplicate check failed', { cause: error })
    })
  }

  private async check(rows: RowToCheck[]): Promise<void> {
    const found = await duplicatesOfRows(this.db, rows, this.region)
    for (const row of rows) {
      const candidates = found.get(row.row)
      if (!candidates) continue
      this.count++
      if (this.rows.length < POSSIBLE_DUPLICATE_ROWS_LIMIT)
        this.rows.push({ row: row.row, fullName: row.fullName, candidates })
    }
  }

  private throwFailure(): void {
    if (this.failure !== undefined) throw this.failure
  }
}
