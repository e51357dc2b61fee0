import { eq } from 'drizzle-orm'
import {
  CV_IMPORT_MAX_FILES,
  CV_IMPORT_UNDO_DAYS,
  TOO_MANY_FILES_MESSAGE,
} from '#shared/cv-import.ts'
import { cvTooLargeMessage } from '#shared/cv.ts'
import { openChangeSet } from '../changes/change-set.ts'
import { inspectUpload, storeUpload } from '../cvs/service.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { changeSets, cvImportItems, cvImports } from '../db/change-schema.ts'
import { AppError, BadRequestError } from '../errors.ts'
import { enqueueJob } from '../jobs/queue.ts'
import { expandZip, type IncomingFile } from './intake.ts'
import { inTransaction } from '../db/in-transaction.ts'

/** The job that reads one file of an import and makes (or finds) its talent. */
export const IMPORT_CV_ITEM = 'cv-import.item'

export type ImportLimits = { maxFileBytes: number; maxMegabytes: number }

/** An import under way while its files arrive; `finish` hands the rows to the job queue. */
export type ImportIntake = {
  importId: number
  add: (file: IncomingFile) => Promise<void>
  finish: () => Promise<void>
  abandon: () => Promise<void>
}

/**
 * Starts a CV import for files that arrive one by one (multipart), so a stack
 * of 200 CVs is never all in memory: each file is checked and stored as it comes — a refused one
 * becomes a 'failed' row with the reason, a zip is opened into its CVs. Nothing is read until
 * `finish`; a broken upload is `abandon`ed and leaves nothing behind.
 */
export async function startImport(
  db: Db,
  viewer: Actor,
  limits: ImportLimits,
): Promise<ImportIntake> {
  const importId = await inTransaction(db, async (tx) => {
    const changeSetId = await openChangeSet(tx, {
      kind: 'cv-import',
      actor: viewer,
      undoDays: CV_IMPORT_UNDO_DAYS,
    })
    const [row] = await tx
      .insert(cvImports)
      .values({ changeSetId, createdById: viewer.id })
      .returning({ id: cvImports.id })
    if (!row) throw new Error('Starting a CV import returned no row')
    return row.id
  })
  const queued: number[] = []
  let count = 0

  async function addOne(file: IncomingFile): Promise<void> {
    count++
    if (count > CV_IMPORT_MAX_FILES) throw new BadRequestError(TOO_MANY_FILES_MESSAGE)
    const failed = (reason: string) =>
      db
        .insert(cvImportItems)
        .values({ importId, fileName: file.fileName, state: 'failed', reason })
    if (file.bytes.length > limits.maxFileBytes) {
      await failed(cvTooLargeMessage(limits.maxMegabytes))
      return
    }
    let inspected
    try {
      inspected = await inspectUpload(file)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      await failed(error.message)
      return
    }
    const itemId = await inTransaction(db, async (tx) => {
      const stored = await storeUpload(tx, file.bytes, inspected)
      const [item] = await tx
        .insert(cvImportItems)
        .values({ importId, fileName: inspected.fileName, sha256: stored.sha256 })
        .returning({ id: cvImportItems.id })
      return item?.id
    })
    if (itemId !== undefined) queued.push(itemId)
  }

  return {
    importId,
    add: async (file) => {
      const entries = await expandZip(file)
      for (const entry of entries ?? [file]) await addOne(entry)
    },
    finish: async () => {
      await inTransaction(db, async (tx) => {
        for (const itemId of queued) {
          await enqueueJob(tx, IMPORT_CV_ITEM, { itemId }, { maxAttempts: 2 })
        }
        if (queued.length === 0) {
          await tx.update(cvImports).set({ state: 'done' }).where(eq(cvImports.id, importId))
        }
      })
    },
    abandon: async () => {
      await inTransaction(db, async (tx) => {
        const [row] = await tx
          .delete(cvImports)
          .where(eq(cvImports.id, importId))
          .returning({ changeSetId: cvImports.changeSetId })
        if (row) await tx.delete(changeSets).where(eq(changeSets.id, row.changeSetId))
      })
    },
  }
}
