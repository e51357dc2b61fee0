import type { Readable } from 'node:stream'
import {
  PRIVACY_EVENT_LABELS,
  PRIVACY_LOG_CSV_HEADERS,
  privacyActorName,
  privacyDetailsText,
  type PrivacyLogEntry,
} from '#shared/privacy-log.ts'
import { csvFileStream } from '../../files/csv-writer.ts'

async function* records(
  batches: AsyncIterable<PrivacyLogEntry[]>,
): AsyncGenerator<readonly string[]> {
  yield PRIVACY_LOG_CSV_HEADERS
  for await (const batch of batches) {
    for (const entry of batch) {
      yield [
        entry.createdAt,
        privacyActorName(entry.actor),
        PRIVACY_EVENT_LABELS[entry.kind],
        entry.talentId === null ? '' : String(entry.talentId),
        entry.count === null ? '' : String(entry.count),
        privacyDetailsText(entry.details),
      ]
    }
  }
}

/** The privacy log as CSV, through the house writer (security rule 42), batch by batch. */
export function privacyLogCsv(batches: AsyncIterable<PrivacyLogEntry[]>): Readable {
  return csvFileStream(records(batches))
}

export function privacyLogCsvFileName(now: Date): string {
  return `scout-privacy-log-${now.toISOString().slice(0, 10)}.csv`
}
