/**
 * V8 flags the server runs with. package.json's start and serve scripts pass them, and so do the
 * benches and the fault tests that start the server (node-flags.test.ts keeps them in step).
 *
 * `--max-semi-space-size=4`: a young generation of 4 MB a half instead of V8's 16. Requests
 * allocate fast and briefly; with the larger nursery the heap grew by ~50 MB more under load, and
 * the embedded engine's server went over its 500 MB budget during a CV import (docs/performance.md,
 * "the young generation", stop 28).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const
