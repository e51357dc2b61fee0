import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  PENDING_ITEM_STATES,
  cvImportItemFailedMessage,
  type CvImportSuggestion,
} from '#shared/cv-import.ts'
import { talentInputSchema } from '#shared/talent.ts'
import { CV_MAX_VERSIONS_DEFAULT } from '../config.ts'
import { readFileText } from '../cvs/extract-job.ts'
import { suggestFields } from '../cvs/suggest-fields.ts'
import type { Db } from '../db/open.ts'
import { talents, users } from '../db/schema.ts'
import { cvImportItems, cvImports } from '../db/change-schema.ts'
import type { Job } from '../jobs/queue.ts'
import type { GiveUpHandler, JobHandler } from '../jobs/runner.ts'
import { attachToTalent, createFromItem } from './talent-from-item.ts'
import { erasedPersonMessage } from '#shared/erasure.ts'
import type { ErasureKeys } from '../privacy/erasure/identifiers.ts'
import { erasedOn } from '../privacy/erasure/reentry.ts'

const payloadSchema = z.object({ itemId: z.number().int() })

const NO_TEXT = 'No text could be read from this file. Fill in the talent by hand.'

/** Why a row needs a person: what the CV did not say, or what the talent form refuses. */
function reviewReason(suggested: CvImportSuggestion): string | null {
  const missing = [
    suggested.fullName ? null : 'name',
    suggested.email ? null : 'e-mail',
    suggested.areaOfInterest ? null : 'area of interest',
    suggested.seniorityLevel ? null : 'seniority',
  ].filter((field) => field !== null)
  if (missing.length > 0) return `Not found in the CV: ${missing.join(', ')}.`
  const checked = talentInputSchema.safeParse({ ...suggested, tags: [], status: [] })
  if (!checked.success) return checked.error.issues.map((issue) => issue.message).join(' ')
  return null
}

/** The import is done once none of its rows is still queued or being read. */
export async function settleImport(tx: Db, importId: number): Promise<void> {
  await tx
    .update(cvImports)
    .set({ state: 'done' })
    .where(
      and(
        eq(cvImports.id, importId),
        eq(cvImports.state, 'running'),
        sql`NOT EXISTS (SELECT 1 FROM ${cvImportItems} WHERE ${cvImportItems.importId} = ${importId}
            AND ${inArray(cvImportItems.state, PENDING_ITEM_STATES)})`,
      ),
    )
}

/**
 * Reads one file of an import and settles its row: attached to the talent with
 * the same e-mail, a new talent, or 'needs review'. Reading happens outside the transaction (in a
 * worker thread); the row, the talent, the CV and the change set rows are then written together,
 * after checking the row is still pending — a job run twice (its process killed after the commit)
 * does its work once.
 */
async function processItem(
  db: Db,
  itemId: number,
  isLastTry: boolean,
  maxCvVersions: number,
  keys: ErasureKeys | undefined,
): Promise<void> {
  const [item] = await db
    .select({ sha256: cvImportItems.sha256, state: cvImportItems.state })
    .from(cvImportItems)
    .where(eq(cvImportItems.id, itemId))
  if (!item?.sha256 || (item.state !== 'queued' && item.state !== 'reading')) return
  const sha256 = item.sha256
  await db.update(cvImportItems).set({ state: 'reading' }).where(eq(cvImportItems.id, itemId))
  const outcome = await readFileText(db, sha256, isLastTry)
  const suggested = suggestFields(outcome.text ?? '')
  // Requests get a turn between reading the file and writing its talent (the runner gives one
  // between jobs): each stretch the loop is held is half a job, not a whole one.
  await setImmediatePromise()

  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        importId: cvImportItems.importId,
        state: cvImportItems.state,
        fileName: cvImportItems.fileName,
        changeSetId: cvImports.changeSetId,
        importer: { id: users.id, role: users.role },
      })
      .from(cvImportItems)
      .innerJoin(cvImports, eq(cvImports.id, cvImportItems.importId))
      .leftJoin(users, eq(users.id, cvImports.createdById))
      .where(eq(cvImportItems.id, itemId))
      .for('update', { of: cvImportItems })
    if (!row || (row.state !== 'queued' && row.state !== 'reading')) return
    const settle = (values: Partial<typeof cvImportItems.$inferInsert>) =>
      tx.update(cvImportItems).set(values).where(eq(cvImportItems.id, itemId))

    if (!row.importer) {
      await settle({
        state: 'failed',
        reason: 'The person who started this import no longer exists.',
      })
    } else if (outcome.textStatus !== 'ready') {
      await settle({ state: 'needs_review', reason: NO_TEXT, suggested })
    } else {
      const [existing] = suggested.email
        ? await tx
            .select({ id: talents.id })
            .from(talents)
            .where(sql`lower(${talents.email}) = lower(${suggested.email})`)
        : []
      const file = { sha256, fileName: row.fileName }
      const context = { changeSetId: row.changeSetId, actor: row.importer, maxCvVersions }
      // Security rule 52: a person who asked to be erased is held for a person to decide.
      const erasedAt = existing || !keys ? undefined : await erasedOn(tx, keys, suggested)
      const reason = existing
        ? null
        : erasedAt
          ? `${erasedPersonMessage(erasedAt)}. Held for review: create them only if they asked to be back.`
          : reviewReason(suggested)
      if (existing) {
        await attachToTalent(tx, context, existing.id, file)
        await settle({ state: 'attached', talentId: existing.id, sha256: null, suggested })
      } else if (reason) {
        await settle({ state: 'needs_review', reason, suggested })
      } else {
        const talentId = await createFromItem(tx, context, talentInputSchema.parse(suggested), file)
        await settle({ state: 'created', talentId, sha256: null, suggested })
      }
    }
    await settleImport(tx, row.importId)
  })
}

/**
 * `maxCvVersions`: CV_MAX_VERSIONS, for a CV attached to a talent that has its e-mail; `keys`:
 * how an erased person is recognised (security rule 52).
 */
export function importCvItemJob(
  db: Db,
  maxCvVersions = CV_MAX_VERSIONS_DEFAULT,
  keys?: ErasureKeys,
): JobHandler {
  return async (job: Job) => {
    const { itemId } = payloadSchema.parse(job.payload)
    await processItem(db, itemId, job.attempts >= job.maxAttempts, maxCvVersions, keys)
  }
}

/**
 * Security rule 45: a file whose job failed for good (every attempt met the same error) ends its
 * row 'failed' with the reason, and the import settles, instead of 'reading' for ever.
 */
export function giveUpCvItem(db: Db): GiveUpHandler {
  return async (job: Job, reason: string) => {
    const { itemId } = payloadSchema.parse(job.payload)
    await db.transaction(async (tx) => {
      const [item] = await tx
        .update(cvImportItems)
        .set({ state: 'failed', reason: cvImportItemFailedMessage(reason) })
        .where(and(eq(cvImportItems.id, itemId), inArray(cvImportItems.state, PENDING_ITEM_STATES)))
        .returning({ importId: cvImportItems.importId })
      if (item) await settleImport(tx, item.importId)
    })
  }
}
