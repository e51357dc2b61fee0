import { workerData } from 'node:worker_threads'
import type { WorkerTaskData } from '#server/jobs/run-in-worker.ts'

// A worker that misbehaves as a broken parser would: hangs, eats memory, or dies.
const { input: mode } = workerData as WorkerTaskData
if (mode === 'hang') for (;;);
if (mode === 'memory') {
  const hoard: number[][] = []
  for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => i))
}
if (mode === 'crash') process.exit(3)
