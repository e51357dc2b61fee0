import { Worker } from 'node:worker_threads'
import { percentile as percentileOfSorted } from './report.ts'

/**
 * Polls /api/health from a thread of its own, so whatever the bench's main thread does (building
 * a 50 MB upload, reading a big answer) never delays a probe. `stop` answers every latency in ms;
 * a probe that fails (the server gone, a reset) counts as Infinity, so a dead server fails any
 * budget.
 */
export function healthProbe(url: string, everyMs = 20): { stop: () => Promise<number[]> } {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads')
    const latencies = []
    let running = true
    parentPort.on('message', () => { running = false })
    ;(async () => {
      while (running) {
        const started = performance.now()
        try {
          const response = await fetch(workerData.url + '/api/health', { signal: AbortSignal.timeout(10000) })
          await response.arrayBuffer()
          latencies.push(response.ok ? performance.now() - started : Infinity)
        } catch {
          latencies.push(Infinity)
        }
        await new Promise((r) => setTimeout(r, workerData.every))
      }
      parentPort.postMessage(latencies)
    })()
    `,
    { eval: true, workerData: { url, every: everyMs } },
  )
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (latencies: number[]) => {
          void worker.terminate()
          resolve(latencies)
        })
        worker.postMessage('stop')
      }),
  }
}

/** The nearest-rank percentile of unsorted latencies; 0 when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  return percentileOfSorted(
    values.toSorted((a, b) => a - b),
    p,
  )
}
