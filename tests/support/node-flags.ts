/**
 * V8 flags the server runs with. package.json's start and serve scripts pass them, and so do the
 * benches and the fault tests that start the server, from here (src/server/node-flags.unit.test.ts
 * keeps the scripts in step).
 *
 * `--max-semi-space-size=4`: a young generation of 4 MB a half instead of V8's 16. Requests
 * allocate fast and briefly; with the larger nursery the heap grew by ~50 MB more under load, and
 * the embedded engine's server went over its 500 MB budget during a CV import (docs/decisions/025-memory-bounds.md).
 *
 * `--max-old-space-size=384`: V8 lets the old generation grow to about four times what a full
 * collection left when its limit is a gigabyte or more, twice that when it is small. The live heap
 * is ~50-100 MB, but a dry run of 100,000 rows let garbage pile up to 207 MB before collecting,
 * which took the embedded server to 557 MB; with this limit it stayed at 446 MB.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=384'] as const
