import type { FastifyBaseLogger } from 'fastify'
import { giveUpCvItem, importCvItemJob } from './cv-imports/item-job.ts'
import {
  DRY_RUN_SPREADSHEET_IMPORT,
  dryRunSpreadsheetImportJob,
  giveUpDryRun,
} from './imports/dry-run-job.ts'
import {
  RUN_SPREADSHEET_IMPORT,
  giveUpSpreadsheetImport,
  runSpreadsheetImportJob,
} from './imports/run-job.ts'
import { EMBEDDED_CREATES_PER_STATEMENT } from './imports/write-batch.ts'
import { UNDO_SPREADSHEET_IMPORT, undoSpreadsheetImportJob } from './imports/undo-job.ts'
import { scanDuplicatesJob } from './duplicates/scan-job.ts'
import { SCAN_DUPLICATES } from './duplicates/scan-schedule.ts'
import { IMPORT_CV_ITEM } from './cv-imports/start.ts'
import { EXTRACT_CV_TEXT, extractCvTextJob, giveUpCvText } from './cvs/extract-job.ts'
import { type GiveUpHandler, type JobHandler } from './jobs/runner.ts'
import { TABLE_UPKEEP, tableUpkeepJob } from './jobs/table-upkeep.ts'
import type { Config } from './config.ts'
import type { Db, OpenDatabase } from './db/open.ts'
import { erasureKeys } from './privacy/erasure/identifiers.ts'
import { RETENTION_RUN, retentionRunJob } from './privacy/retention/run.ts'
import type { Mailer } from './mail/mailer.ts'
import {
  giveUpPrivacyRequests,
  SEND_PRIVACY_REQUESTS,
  sendPrivacyRequestsJob,
} from './privacy/requests/bulk.ts'

/*
 * The app's background work (composition, as app.ts is): every kind of job, its handler, what it
 * does once it failed for good, and the lanes that keep a long kind from holding up the others.
 */

export const JOB_LANES = [
  [SCAN_DUPLICATES],
  [TABLE_UPKEEP],
  [DRY_RUN_SPREADSHEET_IMPORT],
  // The daily retention run acts on thousands of talents: it never holds up an import.
  [RETENTION_RUN],
  // A bulk send waits on a mail server for each talent: it must not hold imports behind it.
  [SEND_PRIVACY_REQUESTS],
]

/** What jobs that e-mail need from the app. */
export type JobMail = { mailer: Mailer | undefined; log: Pick<FastifyBaseLogger, 'error'> }

/** Every kind of background job this app runs, and its handler. */
export function jobHandlers(
  database: Pick<OpenDatabase, 'db' | 'engine'>,
  config: Config,
  mail: JobMail = { mailer: undefined, log: { error: () => undefined } },
): Record<string, JobHandler> {
  const { db } = database
  // On the embedded engine a statement holds the server's thread: an import writes in short ones.
  const embedded = database.engine === 'pglite'
  return {
    [TABLE_UPKEEP]: tableUpkeepJob(db),
    [SCAN_DUPLICATES]: scanDuplicatesJob(db, config.defaultPhoneRegion, [
      IMPORT_CV_ITEM,
      DRY_RUN_SPREADSHEET_IMPORT,
      RUN_SPREADSHEET_IMPORT,
      UNDO_SPREADSHEET_IMPORT,
    ]),
    [EXTRACT_CV_TEXT]: extractCvTextJob(db),
    [IMPORT_CV_ITEM]: importCvItemJob(
      db,
      config.cvMaxVersions,
      erasureKeys(config.secretKey, config.defaultPhoneRegion),
    ),
    [DRY_RUN_SPREADSHEET_IMPORT]: dryRunSpreadsheetImportJob(
      db,
      config.defaultPhoneRegion,
      erasureKeys(config.secretKey, config.defaultPhoneRegion),
    ),
    [RUN_SPREADSHEET_IMPORT]: runSpreadsheetImportJob(db, {
      phoneRegion: config.defaultPhoneRegion,
      erasure: erasureKeys(config.secretKey, config.defaultPhoneRegion),
      createsPerStatement: embedded ? EMBEDDED_CREATES_PER_STATEMENT : undefined,
    }),
    [UNDO_SPREADSHEET_IMPORT]: undoSpreadsheetImportJob(db),
    [RETENTION_RUN]: retentionRunJob(db, erasureKeys(config.secretKey, config.defaultPhoneRegion), {
      giveWay: embedded,
    }),
    [SEND_PRIVACY_REQUESTS]: sendPrivacyRequestsJob({ db, publicUrl: config.publicUrl, ...mail }),
  }
}

/**
 * What each kind does once its job failed for good: the import, row or file it stood for ends
 * 'failed' with the reason, never waiting for ever (security rule 45). The undo and the duplicate
 * scan keep their own last-attempt handling.
 */
export function giveUpHandlers(db: Db): Record<string, GiveUpHandler> {
  return {
    [EXTRACT_CV_TEXT]: giveUpCvText(db),
    [IMPORT_CV_ITEM]: giveUpCvItem(db),
    [DRY_RUN_SPREADSHEET_IMPORT]: giveUpDryRun(db),
    [RUN_SPREADSHEET_IMPORT]: giveUpSpreadsheetImport(db),
    [SEND_PRIVACY_REQUESTS]: giveUpPrivacyRequests(db),
  }
}
