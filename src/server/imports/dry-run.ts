import { erasedPersonMessage } from '#shared/erasure.ts'
import {
  DRY_RUN_PAGE_SIZE,
  HELD_ROWS_LIMIT,
  type HeldRow,
  type DryRunResult,
  type ImportMapping,
  type RowProblem,
} from '#shared/imports/import-api.ts'
import {
  LISTED_FIELDS,
  suggestListedValue,
  type ListedField,
} from '#shared/imports/value-mapping.ts'
import type { CountryCode } from 'libphonenumber-js'
import type { Db } from '../db/open.ts'
import type { ErasureKeys } from '../privacy/erasure/identifiers.ts'
import type { KeptDryRun } from '../db/import-schema.ts'
import { refreshPhoneKeys } from '../duplicates/phone-keys.ts'
import { planRows, type PlanTally } from './plan-rows.ts'
import { PossibleDuplicateRows } from './possible-duplicates.ts'
import type { TableShape } from './read-table.ts'

export const MAPPING_FIRST_MESSAGE = 'Save the column mapping first, then try the import.'

/** How many bad rows a dry run keeps for its pages; the counts cover every row. */
const MAX_KEPT_PROBLEM_ROWS = 10_000

export type DryRunInput = {
  bytes: Buffer
  shape: TableShape
  mapping: ImportMapping
  phoneRegion: CountryCode | undefined
  /** Keys of the erasure records' hashes: rows of erased people are held (security rule 63). */
  erasure: ErasureKeys
  /** Called after each batch with the rows checked so far. */
  onProgress: (done: number) => Promise<void>
}

/**
 * The whole file read with the saved mapping, nothing written. Counts of what the
 * run would do, the values still to map, the refused rows with their reasons, and the new rows
 * that look like talents already in the pool (a warning, as on the talent form; the run
 * still adds them). The dry-run job keeps what this returns; dryRunPage answers from it.
 */
export async function checkRows(db: Db, input: DryRunInput): Promise<KeptDryRun> {
  const counts = { total: 0, created: 0, updated: 0, skipped: 0, invalid: 0, held: 0 }
  const problems: RowProblem[] = []
  const heldRows: HeldRow[] = []
  const tally: PlanTally = { unplaced: new Map() }
  await refreshPhoneKeys(db, input.phoneRegion)
  const duplicates = new PossibleDuplicateRows(db, input.phoneRegion)
  try {
    await planRows(
      db,
      input.bytes,
      input.shape,
      input.mapping,
      async (plans) => {
        await duplicates.add(plans)
        for (const plan of plans) {
          counts.total++
          if (plan.action === 'create') counts.created++
          else if (plan.action === 'update') counts.updated++
          else if (plan.action === 'skip') counts.skipped++
          else if (plan.action === 'held') {
            counts.held++
            if (heldRows.length < HELD_ROWS_LIMIT) {
              const message = erasedPersonMessage(plan.erasedAt)
              heldRows.push({ row: plan.row, fullName: plan.talent.fullName, message })
            }
          } else {
            counts.invalid++
            if (counts.invalid <= MAX_KEPT_PROBLEM_ROWS) problems.push(...plan.problems)
          }
        }
        await input.onProgress(counts.total)
      },
      tally,
      input.erasure,
    )
    await duplicates.finish()
  } finally {
    // Stopped part-way (a newer check, a refused row): no query of this check outlives it.
    await duplicates.settled()
  }
  return {
    ...counts,
    possibleDuplicates: duplicates.count,
    possibleDuplicateRows: duplicates.rows,
    heldRows,
    unmappedValues: unmappedValues(tally),
    errors: problems,
  }
}

/** One page of a kept dry run's refused rows, with everything else it found. */
export function dryRunPage(kept: KeptDryRun, page: number): DryRunResult {
  const pageCount = Math.max(1, Math.ceil(kept.errors.length / DRY_RUN_PAGE_SIZE))
  const shown = Math.min(page, pageCount)
  const start = (shown - 1) * DRY_RUN_PAGE_SIZE
  return {
    ...kept,
    // A result kept before rows were held has none.
    held: kept.held ?? 0,
    heldRows: kept.heldRows ?? [],
    errors: kept.errors.slice(start, start + DRY_RUN_PAGE_SIZE),
    page: shown,
    pageCount,
  }
}

function unmappedValues(tally: PlanTally): DryRunResult['unmappedValues'] {
  const listed = (field: ListedField) =>
    [...(tally.unplaced.get(field) ?? new Map<string, number>())]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([value, count]) => ({
        value,
        count,
        suggestion: suggestListedValue(field, value) ?? null,
      }))
  return Object.fromEntries(
    LISTED_FIELDS.map((field) => [field, listed(field)]),
  ) as DryRunResult['unmappedValues']
}
