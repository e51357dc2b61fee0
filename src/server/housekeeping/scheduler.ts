import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { sweepExpired } from './sweep.ts'

export type Housekeeping = { stop: () => Promise<void> }

/**
 * Runs the sweep every `config.housekeepingIntervalMs` (security rule 33), the first time a minute
 * after start-up (so a restart loop does not sweep in a loop), never two at once in one process.
 * 0 turns it off (the API tests, which set up expired rows on purpose).
 */
export function startHousekeeping(
  db: Db,
  config: Pick<Config, 'housekeepingIntervalMs' | 'sessionIdleMinutes'>,
  log: FastifyBaseLogger,
): Housekeeping {
  const every = config.housekeepingIntervalMs
  if (every <= 0) return { stop: () => Promise.resolve() }
  let running: Promise<void> | undefined
  const run = () => {
    running ??= sweepExpired(db, config)
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0)) log.info({ event: 'housekeeping', ...counts })
      })
      .catch((error: unknown) => log.warn({ event: 'housekeeping_failed', err: error }))
      .finally(() => {
        running = undefined
      })
  }
  const first = setTimeout(run, Math.min(every, 60_000)).unref()
  const timer = setInterval(run, every).unref()
  return {
    stop: async () => {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
