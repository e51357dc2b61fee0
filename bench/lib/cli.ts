import { parseArgs } from 'node:util'
import type { Engine } from '../../src/server/db/open.ts'

/** Where each engine's benchmark data lives unless told otherwise (the scratch databases). */
export const DEFAULT_PGLITE_DIR = '/tmp/scout-bench'
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/scout_bench'

export type BenchTarget =
  { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string }

export type CommonArgs = {
  target: BenchTarget
  talents: number
  duration: number
  connections: number
  runs: number
  encoding: string
  /** Write a V8 CPU profile of the server to bench/results/profiles/ (read it with bench/profile.ts). */
  profile: boolean
  /** Only the cases whose name contains one of these (comma-separated) substrings. */
  only: string[]
  /** bench:ui: rebuild the client even when dist/client exists. */
  build: boolean
  /** bench:search: score the relevance set (recall@10, MRR) instead of timing. */
  relevance: boolean
}

function whole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new Error(`--${name} must be a positive whole number, got "${value}"`)
  }
  return Number(value)
}

function engineOf(value: string | undefined): Engine {
  if (value === 'pglite' || value === 'postgres') return value
  throw new Error(`--engine must be pglite or postgres, got "${value ?? ''}"`)
}

/**
 * The options every bench script shares. --engine is required; --data-dir / --database-url
 * override the scratch databases (DATA_DIR / DATABASE_URL from the environment work too).
 */
export function parseCommonArgs(argv: string[] = process.argv.slice(2)): CommonArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: 'string' },
      talents: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      runs: { type: 'string' },
      encoding: { type: 'string' },
      profile: { type: 'boolean' },
      only: { type: 'string' },
      relevance: { type: 'boolean' },
      build: { type: 'boolean' },
      // bench/bulk.ts, bench/lighthouse.ts and bench/search.ts read these themselves.
      rate: { type: 'string' },
      'list-rate': { type: 'string' },
      reports: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
  })
  const engine = engineOf(values.engine)
  const target: BenchTarget =
    engine === 'pglite'
      ? { engine, dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? DEFAULT_PGLITE_DIR }
      : {
          engine,
          url: values['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
        }
  return {
    target,
    talents: whole('talents', values.talents, 100_000),
    duration: whole('duration', values.duration, 10),
    connections: whole('connections', values.connections, 20),
    runs: whole('runs', values.runs, 5),
    // What Chromium sends: the server compresses as it would for the real client.
    encoding: values.encoding ?? 'gzip, deflate, br, zstd',
    profile: values.profile ?? false,
    build: values.build ?? false,
    relevance: values.relevance ?? false,
    only: (values.only ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  }
}

/**
 * The target of a bench that rewrites its database (bench:freeze, bench:burst): unless --data-dir
 * or --database-url (or their variables) say otherwise, a scratch DATA_DIR `/tmp/scout-bench-<name>`
 * or the `scout_bench_<name>` database, never the shared seeded one.
 */
export function scratchTarget(argv: string[], name: string): BenchTarget {
  const { target } = parseCommonArgs(argv)
  if (target.engine === 'pglite' && !argv.includes('--data-dir') && !process.env.DATA_DIR) {
    return { engine: 'pglite', dataDir: `/tmp/scout-bench-${name}` }
  }
  if (
    target.engine === 'postgres' &&
    !argv.includes('--database-url') &&
    !process.env.DATABASE_URL
  ) {
    return { engine: 'postgres', url: `postgres://postgres@127.0.0.1:5432/scout_bench_${name}` }
  }
  return target
}
