import { threadId } from 'node:worker_threads'

// A pool task (jobs/worker-pool.ts) that misbehaves as a broken parser would: hangs, eats heap,
// eats memory outside the heap (buffers), or dies; anything else is echoed with the process and
// thread ids, to show which child served it.
export default function misbehave(mode: unknown): unknown {
  if (mode === 'hang') for (;;);
  if (mode === 'memory') {
    const hoard: number[][] = []
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => i))
  }
  if (mode === 'buffers') {
    // Outside the V8 heap: a thread's resourceLimits never counted these.
    const hoard: Buffer[] = []
    for (;;) hoard.push(Buffer.alloc(16 * 1024 * 1024, 1))
  }
  if (mode === 'crash') process.exit(3)
  return { echo: mode, pid: process.pid, threadId }
}
