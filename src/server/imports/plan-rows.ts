import { setImmediate as turn } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { FieldDefinition } from '#shared/fields.ts'
import { loadDefinitions } from '../fields/definitions.ts'
import { IGNORE_COLUMN, isFieldTarget } from '#shared/imports/column-mapping.ts'
import type { ExistingTalentPolicy, ImportMapping, RowProblem } from '#shared/imports/import-api.ts'
import type { ListedField } from '#shared/imports/value-mapping.ts'
import type { TalentInput } from '#shared/talent.ts'
import { PRIVACY_IMPORT_FIELDS } from '#shared/talent-export.ts'
import type { Db } from '../db/open.ts'
import { talents } from '../db/schema.ts'
import type { ErasureKeys } from '../privacy/erasure/identifiers.ts'
import { erasedOnEach } from '../privacy/erasure/reentry.ts'
import { readRow } from './row-to-talent.ts'
import { readTableRows, type TableRow, type TableShape } from './read-table.ts'

/**
 * What each row of a file will do — create a talent, update the one with its
 * e-mail (per the person's choice), be skipped, or be refused with its reasons. The dry run counts
 * the plan; the run carries it out batch by batch, so both always agree.
 */
export type ExistingTalent = typeof talents.$inferSelect

export type TalentChanges = Partial<
  Pick<
    TalentInput,
    | 'fullName'
    | 'phone'
    | 'linkedinUrl'
    | 'cvResumePath'
    | 'areaOfInterest'
    | 'seniorityLevel'
    | 'notes'
    | 'tags'
    | 'status'
  >
>

export type RowPlan =
  | { row: number; action: 'create'; talent: TalentInput }
  /**
   * A new talent whose e-mail or phone matches an erasure record (security rule 63): held for
   * review, written only when the importer confirmed such rows.
   */
  | { row: number; action: 'held'; talent: TalentInput; erasedAt: Date }
  | { row: number; action: 'update'; talentId: number; changes: TalentChanges; updatedAt: Date }
  | { row: number; action: 'skip' }
  | { row: number; action: 'invalid'; problems: RowProblem[] }

export const duplicateInFileMessage = (firstRow: number) =>
  `This e-mail is already on row ${firstRow}; the first row wins.`

const BATCH_ROWS = 500

/** Fields a file can change on an existing talent; the e-mail is how it was found, so never. */
const UPDATABLE: readonly (keyof TalentChanges)[] = [
  'fullName',
  'phone',
  'linkedinUrl',
  'cvResumePath',
  'areaOfInterest',
  'seniorityLevel',
  'notes',
  'tags',
  'status',
]

/**
 * Which talent fields the mapping fills (First/Last fill the full name). The privacy record's
 * columns fill new talents only: an existing talent keeps the record its Privacy tab holds.
 */
export function mappedFields(mapping: ImportMapping): Set<keyof TalentChanges> {
  const fields = new Set<keyof TalentChanges>()
  for (const target of mapping.columns) {
    // Custom fields fill new talents only (write-batch.ts): an existing talent keeps its values.
    if (target === IGNORE_COLUMN || target === 'email' || isFieldTarget(target)) continue
    if ((PRIVACY_IMPORT_FIELDS as readonly string[]).includes(target)) continue
    fields.add(
      target === 'firstName' || target === 'lastName'
        ? 'fullName'
        : (target as keyof TalentChanges),
    )
  }
  return fields
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0)

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The changes a row makes to an existing talent under the person's policy; empty: skipped. */
export function changesFor(
  existing: ExistingTalent,
  talent: TalentInput,
  fields: Set<keyof TalentChanges>,
  policy: ExistingTalentPolicy,
): TalentChanges {
  const changes: Record<string, unknown> = {}
  if (policy === 'skip') return changes
  for (const field of UPDATABLE) {
    if (!fields.has(field)) continue
    const incoming = talent[field]
    // An empty cell never erases what the talent has.
    if (isEmpty(incoming)) continue
    const current = existing[field]
    if (policy === 'fillEmpty' && !isEmpty(current)) continue
    if (!same(current, incoming)) changes[field] = incoming
  }
  return changes
}

export type PlanTally = {
  unplaced: Map<ListedField, Map<string, number>>
}

/** A batch of rows as read (cells as in the file) and what each will do, in the same order. */
export type PlannedBatch = { rows: TableRow[]; plans: RowPlan[] }

/**
 * Reads the file with its mapping, one batch of rows at a time, and yields each batch's plans
 * with the rows they were made from. Gives the event loop a turn between batches (security rule 31);
 * a consumer that stops early (a download cancelled) stops the read.
 */
export async function* planBatches(
  db: Db,
  bytes: Buffer,
  shape: TableShape,
  mapping: ImportMapping,
  tally?: PlanTally,
  erasure?: ErasureKeys,
): AsyncGenerator<PlannedBatch> {
  const fields = mappedFields(mapping)
  // Read once: the mapping's field columns are checked against the definitions of now.
  const definitions = await loadDefinitions(db)
  const firstRowOf = new Map<string, number>()
  let batch: TableRow[] = []
  let header = true
  for await (const row of readTableRows(bytes, shape, mapping.sheet)) {
    if (header) {
      header = false
      continue
    }
    batch.push(row)
    if (batch.length < BATCH_ROWS) continue
    yield {
      rows: batch,
      plans: await planBatch(
        db,
        batch,
        mapping,
        { fields, definitions },
        firstRowOf,
        tally,
        erasure,
      ),
    }
    batch = []
    await turn()
  }
  if (batch.length > 0)
    yield {
      rows: batch,
      plans: await planBatch(
        db,
        batch,
        mapping,
        { fields, definitions },
        firstRowOf,
        tally,
        erasure,
      ),
    }
}

/** planBatches for a consumer that only needs the plans, batch by batch. */
export async function planRows(
  db: Db,
  bytes: Buffer,
  shape: TableShape,
  mapping: ImportMapping,
  onBatch: (plans: RowPlan[]) => void | Promise<void>,
  tally?: PlanTally,
  erasure?: ErasureKeys,
): Promise<void> {
  for await (const { plans } of planBatches(db, bytes, shape, mapping, tally, erasure))
    await onBatch(plans)
}

async function planBatch(
  db: Db,
  rows: TableRow[],
  mapping: ImportMapping,
  { fields, definitions }: { fields: Set<keyof TalentChanges>; definitions: FieldDefinition[] },
  firstRowOf: Map<string, number>,
  tally: PlanTally | undefined,
  erasure: ErasureKeys | undefined,
): Promise<RowPlan[]> {
  const readings = rows.map(({ row, cells }) => ({
    row,
    reading: readRow(
      cells,
      row,
      mapping,
      ({ field, value }) => {
        if (!tally) return
        const counts = tally.unplaced.get(field) ?? new Map<string, number>()
        counts.set(value, (counts.get(value) ?? 0) + 1)
        tally.unplaced.set(field, counts)
      },
      definitions,
    ),
  }))
  const keys = readings.flatMap(({ reading }) => (reading.ok ? [reading.emailKey] : []))
  const existing = await existingByEmail(db, keys)
  const plans = readings.map(({ row, reading }): RowPlan => {
    if (!reading.ok) return { row, action: 'invalid', problems: reading.problems }
    const first = firstRowOf.get(reading.emailKey)
    if (first !== undefined) {
      return {
        row,
        action: 'invalid',
        problems: [{ row, field: 'email', message: duplicateInFileMessage(first) }],
      }
    }
    firstRowOf.set(reading.emailKey, row)
    const talent = existing.get(reading.emailKey)
    if (!talent) return { row, action: 'create', talent: reading.talent }
    const changes = changesFor(talent, reading.talent, fields, mapping.existing)
    if (Object.keys(changes).length === 0) return { row, action: 'skip' }
    return { row, action: 'update', talentId: talent.id, changes, updatedAt: talent.updatedAt }
  })
  return erasure === undefined ? plans : holdErased(db, erasure, plans)
}

/** New rows of a person who asked to be erased are held (security rule 52, 63). */
async function holdErased(db: Db, keys: ErasureKeys, plans: RowPlan[]): Promise<RowPlan[]> {
  const creates = plans.flatMap((plan) => (plan.action === 'create' ? [plan] : []))
  if (creates.length === 0) return plans
  const erased = await erasedOnEach(
    db,
    keys,
    creates.map((plan) => plan.talent),
  )
  const heldAt = new Map(creates.map((plan, i) => [plan, erased[i]]))
  return plans.map((plan) => {
    const erasedAt = plan.action === 'create' ? heldAt.get(plan) : undefined
    return plan.action === 'create' && erasedAt !== undefined
      ? { row: plan.row, action: 'held', talent: plan.talent, erasedAt }
      : plan
  })
}

async function existingByEmail(db: Db, keys: string[]): Promise<Map<string, ExistingTalent>> {
  if (keys.length === 0) return new Map()
  // One jsonb parameter, not 500: the embedded engine took ~20 ms a batch over the long IN list.
  const rows = await db
    .select()
    .from(talents)
    .where(
      sql`lower(${talents.email}) = any(array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))`,
    )
  return new Map(rows.map((talent) => [talent.email.toLowerCase(), talent]))
}
