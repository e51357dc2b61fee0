import { Worker } from 'node:worker_threads'
import { percentile as percentileOfSorted } from './report.ts'

/**
 * Polls /api/health from a thread of its own, so whatever the bench's main thread does (building
 * a 50 MB upload, reading a big answer) never delays a probe. `stop` answers every latency in ms;
 * a probe that fails (the server gone, a reset) counts as Infinity, so a dead server fails any
 * budget.
 */
export function healthProbe(
  url: string,
  everyMs = 20,
): { stop: () => Promise<number[]>; stopTimed: () => Promise<Probe[]> } {
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
          latencies.push([performance.timeOrigin + started, response.ok ? performance.now() - started : Infinity])
        } catch {
          latencies.push([performance.timeOrigin + started, Infinity])
        }
        await new Promise((r) => setTimeout(r, workerData.every))
      }
      parentPort.postMessage(latencies)
    })()
    `,
    { eval: true, workerData: { url, every: everyMs } },
  )
  const stopTimed = () =>
    new Promise<Probe[]>((resolve) => {
      worker.once('message', (probes: [number, number][]) => {
        void worker.terminate()
        resolve(probes.map(([at, ms]) => ({ at, ms })))
      })
      worker.postMessage('stop')
    })
  return {
    stop: async () => (await stopTimed()).map((probe) => probe.ms),
    stopTimed,
  }
}

/**
 * One probe: when it was sent, in ms since the epoch (`performance.timeOrigin + now()`: a
 * worker's `now()` counts from the worker's own start), and its latency in ms.
 */
export type Probe = { at: number; ms: number }

/** The nearest-rank percentile of unsorted latencies; 0 when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  return percentileOfSorted(
    values.toSorted((a, b) => a - b),
    p,
  )
}
