import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

// How the embedded engine starts, on the caller's thread (tests, scripts) or on its own (the
// server, pglite.thread.ts). Kept apart from open.ts: a thread's bundle must not include
// server-files.ts.

/**
 * Postgres's default 128 MB of shared buffers is all wasm memory the process keeps: the server
 * started at 427 MB RSS with 10,000 talents, leaving ~70 MB of the 500 MB an import may use.
 * 32 MB holds the hot pages; the rest are a read() away in the OS page cache, as on a server
 * (64 → 32 MB: RSS under a CV import 501–510 → 456–460 MB, the list's p99 no worse).
 *
 * A GIN index's pending list is merged by the insert that fills it, holding the engine: at
 * the default 4 MB that insert held it for 100–240 ms during an import (the list's p99 with it).
 * 512 kB keeps each merge short; 256 kB merged so often that a 100,000-row import took 84 s, not 58.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'gin_pending_list_limit=512kB',
]

/** The contrib extensions the migrations create: trigram search (0000) and accent folding (0012). */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent }
