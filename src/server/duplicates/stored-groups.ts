import { arrayOverlaps, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { DUPLICATE_REASONS } from '#shared/duplicates.ts'
import { duplicateGroups, duplicateScans } from '../db/duplicate-schema.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { groupPairs, type Group, type PairHits } from './group-pairs.ts'
import { allowLongStatements } from '../db/long-statements.ts'

/*
 * The last whole-pool scan's groups (duplicate_groups, migration 0018). The scan job replaces them
 * all; 'Not duplicates' and a merge take their pairs out in their own transaction, so the page
 * and the side panel's count agree with them at once, without waiting for the next scan.
 */

const storedPairsSchema = z.array(
  z.object({
    low: z.number().int(),
    high: z.number().int(),
    hits: z.array(z.object({ reason: z.enum(DUPLICATE_REASONS), score: z.number() })),
  }),
)

const INSERT_BATCH = 500

async function insertGroups(tx: Db, groups: Group[]): Promise<void> {
  for (let i = 0; i < groups.length; i += INSERT_BATCH) {
    await tx.insert(duplicateGroups).values(
      groups.slice(i, i + INSERT_BATCH).map((group) => ({
        talentIds: group.ids,
        firstId: group.ids[0] ?? 0,
        confidence: group.confidence,
        reasons: group.reasons,
        pairs: group.pairs,
      })),
    )
  }
}

/** A Postgres array literal: one parameter however many ids (drizzle spreads a JS array). */
function intArray(ids: number[]) {
  return sql`${`{${ids.join(',')}}`}::int[]`
}

/**
 * Replaces the stored result with a scan that began at `startedAt` (database time), unless a scan
 * that began later stored its result first. Pairs dismissed and talents deleted (merged) while it
 * ran are left out, so a slow scan never brings them back. Returns whether it stored.
 */
export async function storeScanResult(
  db: Db,
  pairs: PairHits[],
  startedAt: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx) // security rule 43: past a request's limit
    await tx.insert(duplicateScans).values({ id: 1 }).onConflictDoNothing()
    const [state] = await tx
      .select({ scannedAt: duplicateScans.scannedAt })
      .from(duplicateScans)
      .where(eq(duplicateScans.id, 1))
      .for('update')
    if (state?.scannedAt && state.scannedAt >= startedAt) return false
    const dismissed = await rawRows<{ low_id: number; high_id: number }>(
      tx,
      sql`SELECT low_id, high_id FROM duplicate_dismissals WHERE created_at >= ${startedAt.toISOString()}::timestamptz`,
    )
    const dismissedKeys = new Set(dismissed.map((row) => `${row.low_id}:${row.high_id}`))
    const ids = [...new Set(pairs.flatMap((pair) => [pair.low, pair.high]))]
    const present = new Set(
      ids.length === 0
        ? []
        : (
            await rawRows<{ id: number }>(
              tx,
              sql`SELECT id FROM talents WHERE id = ANY(${intArray(ids)})`,
            )
          ).map((row) => row.id),
    )
    const kept = pairs.filter(
      (pair) =>
        present.has(pair.low) &&
        present.has(pair.high) &&
        !dismissedKeys.has(`${pair.low}:${pair.high}`),
    )
    await tx.delete(duplicateGroups).where(sql`true`)
    await insertGroups(tx, await groupPairs(kept))
    await tx.update(duplicateScans).set({ scannedAt: startedAt }).where(eq(duplicateScans.id, 1))
    return true
  })
}

/**
 * Takes pairs out of the stored groups that hold any of `ids` (regrouping what is left: a group
 * of three may split), in the caller's transaction.
 */
export async function removeStoredPairs(
  tx: Db,
  ids: number[],
  isRemoved: (pair: PairHits) => boolean,
): Promise<void> {
  const rows = await tx
    .select({ id: duplicateGroups.id, pairs: duplicateGroups.pairs })
    .from(duplicateGroups)
    .where(arrayOverlaps(duplicateGroups.talentIds, ids))
    .for('update')
  if (rows.length === 0) return
  const kept = rows.flatMap((row) =>
    storedPairsSchema.parse(row.pairs).filter((pair) => !isRemoved(pair)),
  )
  await tx.delete(duplicateGroups).where(
    inArray(
      duplicateGroups.id,
      rows.map((row) => row.id),
    ),
  )
  await insertGroups(tx, await groupPairs(kept))
}

/** 'Not duplicates' for every pair among `ids`: out of the stored groups at once. */
export function removeDismissedPairs(tx: Db, ids: number[]): Promise<void> {
  const among = new Set(ids)
  return removeStoredPairs(tx, ids, (pair) => among.has(pair.low) && among.has(pair.high))
}

/** A merge: every pair of a merged (now deleted) talent goes; the survivor's others stay. */
export function removeMergedPairs(tx: Db, mergedIds: number[]): Promise<void> {
  const merged = new Set(mergedIds)
  return removeStoredPairs(tx, mergedIds, (pair) => merged.has(pair.low) || merged.has(pair.high))
}

export type StoredGroup = { ids: number[]; confidence: number; reasons: string[] }

/**
 * The stored groups, strongest first, each with its talents that still exist (a talent deleted
 * since the scan drops out; a group left with one talent is no group).
 */
export async function readStoredGroups(db: Db): Promise<StoredGroup[]> {
  return rawRows<StoredGroup>(
    db,
    sql`SELECT live.ids, g.confidence, g.reasons FROM duplicate_groups g
      CROSS JOIN LATERAL (
        SELECT array_agg(t.id ORDER BY t.id) AS ids FROM talents t WHERE t.id = ANY(g.talent_ids)
      ) live
      WHERE cardinality(live.ids) >= 2
      ORDER BY g.confidence DESC NULLS LAST, g.first_id, g.id`,
  )
}
