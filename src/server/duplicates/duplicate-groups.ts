import { eq, inArray } from 'drizzle-orm'
import { DUPLICATE_GROUPS_LIMIT, type DuplicateGroups } from '#shared/duplicates.ts'
import type { Actor } from '../db/rows.ts'
import { duplicateDismissals, duplicateScans } from '../db/duplicate-schema.ts'
import type { Db } from '../db/open.ts'
import { talents } from '../db/schema.ts'
import { selectTalents, toTalent } from '../talents/rows.ts'
import { isDuplicateReason } from './confidence.ts'
import { isScanning, requestDuplicateScan } from './scan-schedule.ts'
import { readStoredGroups, removeDismissedPairs } from './stored-groups.ts'
import { inTransaction } from '../db/in-transaction.ts'

/**
 * GET /api/duplicates: the groups the last background scan stored, strongest
 * first, without pairs marked 'Not duplicates' or talents merged since; `total` counts every
 * group, the first DUPLICATE_GROUPS_LIMIT come with their talents. No scan runs here: a pool
 * never scanned gets one queued, and `scanning` says a newer result is on its way.
 */
export async function readDuplicateGroups(db: Db): Promise<DuplicateGroups> {
  const [state] = await db
    .select({ scannedAt: duplicateScans.scannedAt })
    .from(duplicateScans)
    .where(eq(duplicateScans.id, 1))
  // A pool never scanned has its first scan now (not a few seconds after its last write).
  if (!state?.scannedAt && !(await isScanning(db, ['running']))) await requestDuplicateScan(db)
  const scanning = await isScanning(db)
  const groups = await readStoredGroups(db)
  const shown = groups.slice(0, DUPLICATE_GROUPS_LIMIT)
  const ids = shown.flatMap((group) => group.ids)
  const rows = ids.length === 0 ? [] : await selectTalents(db).where(inArray(talents.id, ids))
  const byId = new Map(rows.map((row) => [row.id, toTalent(row)]))
  return {
    total: groups.length,
    groups: shown.map(({ ids: groupIds, confidence, reasons }) => ({
      talents: groupIds.flatMap((id) => {
        const talent = byId.get(id)
        return talent ? [talent] : []
      }),
      confidence,
      reasons: reasons.filter(isDuplicateReason),
    })),
    scannedAt: state?.scannedAt?.toISOString() ?? null,
    scanning,
  }
}

/**
 * POST /api/duplicates/dismiss: 'Not duplicates' for every pair among `ids`, remembered so the
 * pairs do not come back, and out of the stored groups at once. Saying it twice is no error.
 */
export async function dismissDuplicates(
  db: Db,
  ids: number[],
  actor: Actor,
): Promise<{ dismissed: number }> {
  const sorted = [...ids].sort((a, b) => a - b)
  const rows = sorted.flatMap((low, i) =>
    sorted.slice(i + 1).map((high) => ({ lowId: low, highId: high, dismissedById: actor.id })),
  )
  await inTransaction(db, async (tx) => {
    await tx.insert(duplicateDismissals).values(rows).onConflictDoNothing()
    await removeDismissedPairs(tx, sorted)
  })
  return { dismissed: rows.length }
}
