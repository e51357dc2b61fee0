import { readFileSync } from 'node:fs'

/**
 * "Now" for retention rules (security rule 56-58): the preview, the Due for removal list, Keep
 * and the daily run all take today from this clock. It is the system clock, unless
 * TEST_CLOCK_FILE names a file holding an ISO date-time: then that moment, read on
 * every call, so a browser journey can move retention's days forward without any route that
 * changes time. Tests only; a missing or unreadable file is the system clock.
 */
export function retentionClock(testClockFile: string | undefined): () => Date {
  if (testClockFile === undefined) return () => new Date()
  return () => {
    try {
      const text = readFileSync(testClockFile, 'utf8').trim()
      const date = new Date(text)
      return Number.isNaN(date.getTime()) ? new Date() : date
    } catch {
      return new Date()
    }
  }
}
