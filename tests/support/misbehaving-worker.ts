import { threadId } from 'node:worker_threads'

// A pool task (jobs/worker-pool.ts) that misbehaves as a broken parser would: hangs, eats memory,
// or dies; anything else is echoed with the thread's id, to show which thread served it.
export default function misbehave(mode: unknown): unknown {
  if (mode === 'hang') for (;;);
  if (mode === 'memory') {
    const hoard: number[][] = []
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => i))
  }
  if (mode === 'crash') process.exit(3)
  return { echo: mode, threadId }
}
