import type { CountryCode } from 'libphonenumber-js'
import type { Db } from '../db/open.ts'
import type { JobHandler } from '../jobs/runner.ts'
import { findDuplicatePairs } from './scan.ts'
import { beginDuplicateScan } from './scan-schedule.ts'
import { storeScanResult } from './stored-groups.ts'

/**
 * The whole-pool scan (issue 19 item 2) as a background job: it finds every pair the rules join,
 * groups them and stores the groups, which GET /api/duplicates reads. Returns whether it stored
 * (a scan that began later may have stored first).
 */
export async function runDuplicateScan(db: Db, region: CountryCode | undefined): Promise<boolean> {
  const startedAt = await beginDuplicateScan(db)
  const pairs = await findDuplicatePairs(db, region)
  return storeScanResult(db, pairs, startedAt)
}

export function scanDuplicatesJob(db: Db, region: CountryCode | undefined): JobHandler {
  return async () => {
    await runDuplicateScan(db, region)
  }
}
