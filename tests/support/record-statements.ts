import { vi } from 'vitest'
import { z } from 'zod'
import type { Db } from '#server/db/open.ts'

type Queryable = { query: (...args: unknown[]) => unknown }

function isQueryable(value: unknown): value is Queryable {
  return typeof value === 'object' && value !== null && 'query' in value
}

/** The text of each statement sent through `db`'s client (PGlite or the pg pool) from now on. */
export function recordStatements(db: Db): { texts: () => string[]; stop: () => void } {
  const client: unknown = '$client' in db ? db.$client : undefined
  if (!isQueryable(client)) throw new Error('The database has no client to watch')
  const spy = vi.spyOn(client, 'query')
  const textOf = (first: unknown): string =>
    typeof first === 'string' ? first : z.object({ text: z.string() }).parse(first).text
  return {
    texts: () => spy.mock.calls.map(([first]) => textOf(first)),
    stop: () => spy.mockRestore(),
  }
}
