import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The journeys' retention clock (TEST_CLOCK_FILE, src/server/privacy/retention/clock.ts): a file
 * start-server.ts names for the server it starts on `port`; a journey writes a date-time into it
 * to move retention's "today", and removes it to go back to the system clock.
 */
export function clockFile(port: string): string {
  return path.join(tmpdir(), `scout-e2e-clock-${port}`)
}

const journeyClock = () => clockFile(process.env.E2E_PORT ?? '5055')

/** Retention's today becomes `day` (YYYY-MM-DD), at 09:00 UTC. */
export function setRetentionDay(day: string): void {
  writeFileSync(journeyClock(), `${day}T09:00:00Z\n`)
}

export function resetRetentionClock(): void {
  rmSync(journeyClock(), { force: true })
}

/** YYYY-MM-DD, `days` after today (UTC). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)
}
