import {
  DRY_RUN_PAGE_SIZE,
  type DryRunResult,
  type RowProblem,
} from '#shared/imports/import-api.ts'
import { importMappingSchema } from '#shared/imports/import-api.ts'
import {
  LISTED_FIELDS,
  suggestListedValue,
  type ListedField,
} from '#shared/imports/value-mapping.ts'
import type { CountryCode } from 'libphonenumber-js'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { refreshPhoneKeys } from '../duplicates/phone-keys.ts'
import { BadRequestError } from '../errors.ts'
import { planRows, type PlanTally } from './plan-rows.ts'
import { PossibleDuplicateRows } from './possible-duplicates.ts'
import { importBytes, importFor, shapeOf } from './uploads.ts'

export const MAPPING_FIRST_MESSAGE = 'Save the column mapping first, then try the import.'

/** How many bad rows a dry run keeps for its pages; the counts cover every row. */
const MAX_KEPT_PROBLEM_ROWS = 10_000

/**
 * POST /api/imports/:id/dry-run (issue 18 item 3): the whole file read with the saved mapping,
 * nothing written. Counts of what the run would do, the values still to map, the refused rows
 * with their reasons, a page at a time, and the new rows that look like talents already in the
 * pool (issue 19: a warning, as on the talent form; the run still adds them).
 */
export async function dryRun(
  db: Db,
  actor: Actor,
  id: number,
  page: number,
  phoneRegion: CountryCode | undefined,
): Promise<DryRunResult> {
  const row = await importFor(db, actor, id)
  const mapping = importMappingSchema.safeParse(row.mapping)
  if (row.mapping === null || !mapping.success) throw new BadRequestError(MAPPING_FIRST_MESSAGE)
  const counts = { total: 0, created: 0, updated: 0, skipped: 0, invalid: 0 }
  const problems: RowProblem[] = []
  const tally: PlanTally = { unplaced: new Map() }
  await refreshPhoneKeys(db, phoneRegion)
  const duplicates = new PossibleDuplicateRows(db, phoneRegion)
  await planRows(
    db,
    await importBytes(db, row),
    shapeOf(row),
    mapping.data,
    async (plans) => {
      await duplicates.add(plans)
      for (const plan of plans) {
        counts.total++
        if (plan.action === 'create') counts.created++
        else if (plan.action === 'update') counts.updated++
        else if (plan.action === 'skip') counts.skipped++
        else {
          counts.invalid++
          if (counts.invalid <= MAX_KEPT_PROBLEM_ROWS) problems.push(...plan.problems)
        }
      }
    },
    tally,
  )
  await duplicates.finish()
  const pageCount = Math.max(1, Math.ceil(problems.length / DRY_RUN_PAGE_SIZE))
  const start = (Math.min(page, pageCount) - 1) * DRY_RUN_PAGE_SIZE
  return {
    ...counts,
    possibleDuplicates: duplicates.count,
    possibleDuplicateRows: duplicates.rows,
    unmappedValues: unmappedValues(tally),
    errors: problems.slice(start, start + DRY_RUN_PAGE_SIZE),
    page: Math.min(page, pageCount),
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
