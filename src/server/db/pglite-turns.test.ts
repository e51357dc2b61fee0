import { PGlite } from '@electric-sql/pglite'
import { expect, test, vi } from 'vitest'
import { longestLoopGap } from '#tests/support/loop-gap.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { openDatabase } from './open.ts'
import { takeTurnsBetweenStatements } from './pglite-turns.ts'

// Security rule 31: 300 statements queued at once ran as one chain of microtasks, ≥ 300 ms without
// a turn of the event loop. With turns taken, no gap comes near that (bound loose for loaded CI).
test.runIf(testEngine() === 'pglite')(
  'security rule 31: queued PGlite statements give the event loop a turn every few milliseconds',
  async () => {
    const client = await PGlite.create('memory://')
    try {
      takeTurnsBetweenStatements(client)
      const statements = Array.from({ length: 300 }, () => client.query('select pg_sleep(0.001)'))
      const gap = await longestLoopGap(() => Promise.all(statements))
      expect(gap).toBeLessThan(250)
    } finally {
      await client.close()
    }
  },
)

// The server opens one client, but a test worker opens one per test file: a watch left running
// after its client closed kept a 5 ms timer per file alive for the rest of the worker's run.
test.runIf(testEngine() === 'pglite')(
  'closing an embedded database stops its turn watch',
  async () => {
    const started = vi.spyOn(globalThis, 'setInterval')
    const cleared = vi.spyOn(globalThis, 'clearInterval')
    try {
      const database = await openDatabase({
        engine: 'pglite',
        dataDir: undefined,
        pglite: await PGlite.create('memory://'),
      })
      const watch = started.mock.results.at(-1)?.value as unknown
      expect(watch).toBeDefined()
      expect(cleared).not.toHaveBeenCalledWith(watch)
      await database.close()
      expect(cleared).toHaveBeenCalledWith(watch)
    } finally {
      started.mockRestore()
      cleared.mockRestore()
    }
  },
)
