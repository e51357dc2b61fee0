import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { z } from 'zod'
import { importFailedMessage, importMappingSchema } from '#shared/imports/import-api.ts'
import type { Db } from '../db/open.ts'
import type { ErasureKeys } from '../privacy/erasure/identifiers.ts'
import type { Actor } from '../db/rows.ts'
import { users } from '../db/schema.ts'
import { spreadsheetImports } from '../db/import-schema.ts'
import type { Job } from '../jobs/queue.ts'
import type { GiveUpHandler, JobHandler } from '../jobs/runner.ts'
import { queueTableUpkeep, UPKEEP_AFTER_ROWS } from '../jobs/table-upkeep.ts'
import { planRows, type RowPlan } from './plan-rows.ts'
import { countDataRows } from './read-table.ts'
import { importBytes, shapeOf, type SpreadsheetImportRow } from './uploads.ts'
import { writeBatch } from './write-batch.ts'
import { allowLongStatements } from '../db/long-statements.ts'

export const RUN_SPREADSHEET_IMPORT = 'run-spreadsheet-import'
/** `includeErased`: the importer confirmed the rows of erased people (security rule 63). */
const payloadSchema = z.object({
  importId: z.number().int(),
  includeErased: z.boolean().default(false),
})

type RunOptions = {
  /** DEFAULT_PHONE_REGION, for the phone keys of new talents (write-batch.ts). */
  phoneRegion: CountryCode | undefined
  /** Keys of the erasure records' hashes: rows of erased people are held (security rule 63). */
  erasure: ErasureKeys
  /** New talents per INSERT (write-batch.ts); the whole batch unless set. */
  createsPerStatement?: number
}

/**
 * Runs an import: the file is planned again batch by batch (the same plan as
 * the dry run) and each batch is written in one transaction together with the import's progress.
 * A process killed mid-import leaves whole batches; the job, claimed again, skips the rows its
 * progress counts and goes on — and a batch whose progress moved (another process ran it) is
 * not written twice.
 */
async function runImport(
  db: Db,
  { importId, includeErased }: z.infer<typeof payloadSchema>,
  options: RunOptions,
): Promise<void> {
  const [row] = await db
    .select()
    .from(spreadsheetImports)
    .where(eq(spreadsheetImports.id, importId))
  if (!row || (row.state !== 'queued' && row.state !== 'running')) return
  const mapping = importMappingSchema.parse(row.mapping)
  const actor = await importer(db, row)
  if (!actor || row.changeSetId === null) {
    await db
      .update(spreadsheetImports)
      .set({
        state: 'failed',
        error: importFailedMessage('the person who started it no longer exists'),
        finishedAt: new Date(),
      })
      .where(eq(spreadsheetImports.id, importId))
    return
  }
  await db
    .update(spreadsheetImports)
    .set({ state: 'running' })
    .where(eq(spreadsheetImports.id, importId))
  const bytes = await importBytes(db, row)
  // The progress bar's whole: a quick pass that only counts rows.
  if (row.total === 0) {
    await db
      .update(spreadsheetImports)
      .set({ total: await countDataRows(bytes, shapeOf(row), mapping.sheet) })
      .where(eq(spreadsheetImports.id, importId))
  }
  const source = { importId, fileName: row.fileName }
  const changeSetId = row.changeSetId
  let seen = 0
  const onBatch = async (plans: RowPlan[]) => {
    const offset = seen
    seen += plans.length
    if (seen <= row.done) return
    await db.transaction(async (tx) => {
      await allowLongStatements(tx) // security rule 43: past a request's limit
      const [progress] = await tx
        .select({ done: spreadsheetImports.done })
        .from(spreadsheetImports)
        .where(eq(spreadsheetImports.id, importId))
        .for('update')
      if (progress?.done !== offset) return
      const { phoneRegion, createsPerStatement } = options
      const context = {
        ...{ actor, changeSetId, source, mapping, phoneRegion, createsPerStatement },
        includeErased,
      }
      const counts = await writeBatch(tx, plans, context)
      await tx
        .update(spreadsheetImports)
        .set({
          done: sql`${spreadsheetImports.done} + ${plans.length}`,
          created: sql`${spreadsheetImports.created} + ${counts.created}`,
          updated: sql`${spreadsheetImports.updated} + ${counts.updated}`,
          skipped: sql`${spreadsheetImports.skipped} + ${counts.skipped}`,
          invalid: sql`${spreadsheetImports.invalid} + ${counts.invalid}`,
          updatedAt: new Date(),
        })
        .where(eq(spreadsheetImports.id, importId))
    })
  }
  await planRows(db, bytes, shapeOf(row), mapping, onBatch, undefined, options.erasure)
  await db.transaction(async (tx) => {
    await tx
      .update(spreadsheetImports)
      .set({ state: 'done', total: seen, finishedAt: new Date() })
      .where(and(eq(spreadsheetImports.id, importId), eq(spreadsheetImports.state, 'running')))
    if (seen >= UPKEEP_AFTER_ROWS) await queueTableUpkeep(tx)
  })
}

async function importer(db: Db, row: SpreadsheetImportRow): Promise<Actor | undefined> {
  if (row.createdById === null) return undefined
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, row.createdById))
  return user
}

export function runSpreadsheetImportJob(db: Db, options: RunOptions): JobHandler {
  return async (job: Job) => {
    await runImport(db, payloadSchema.parse(job.payload), options)
  }
}

/**
 * Security rule 45: a run whose job failed for good (every retry met the same error) ends 'failed'
 * with the reason, instead of 'running' for ever; the batches it wrote stay, for undo.
 */
export function giveUpSpreadsheetImport(db: Db): GiveUpHandler {
  return async (job: Job, reason: string) => {
    const { importId } = payloadSchema.parse(job.payload)
    await db
      .update(spreadsheetImports)
      .set({
        state: 'failed',
        error: importFailedMessage(reason),
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(spreadsheetImports.id, importId),
          inArray(spreadsheetImports.state, ['queued', 'running']),
        ),
      )
  }
}
