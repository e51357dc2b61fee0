import type { CountryCode } from 'libphonenumber-js'
import type { Db } from '../db/open.ts'
import type { JobHandler } from '../jobs/runner.ts'
import { findDuplicatePairs } from './scan.ts'
import { beginDuplicateScan, deferDuplicateScan, isWorkWaiting } from './scan-schedule.ts'
import { storeScanResult } from './stored-groups.ts'

/**
 * The whole-pool scan as a background job: it finds every pair the rules join,
 * groups them and stores the groups, which GET /api/duplicates reads. Returns whether it stored
 * (a scan that began later may have stored first).
 */
export async function runDuplicateScan(db: Db, region: CountryCode | undefined): Promise<boolean> {
  const startedAt = await beginDuplicateScan(db)
  const pairs = await findDuplicatePairs(db, region)
  return storeScanResult(db, pairs, startedAt)
}

/**
 * `yieldTo`: job kinds a person waits for (an import, its undo, a dry run). While one of them is
 * due or running the scan does not start: it queues itself a few seconds later. An import's own
 * writes queue a scan as it goes, and a scan beside it shares the database (on the embedded
 * engine, the server's one thread) with the import and everyone's requests — the list's p99
 * during a CV import. The scan runs once the import is done, and sees all of it.
 */
export function scanDuplicatesJob(
  db: Db,
  region: CountryCode | undefined,
  yieldTo: readonly string[] = [],
): JobHandler {
  return async () => {
    if (await isWorkWaiting(db, yieldTo)) return deferDuplicateScan(db)
    await runDuplicateScan(db, region)
  }
}
