import { Worker } from 'node:worker_threads'

/**
 * Polls /api/health from a thread of its own (so reading big answers on the bench's main thread
 * does not delay the probe); `stop` resolves every latency in ms. SECURITY.md 31, 47: a health
 * answer slower than 100 ms means some request held the server's event loop.
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
        await fetch(workerData.url + '/api/health').then((r) => r.arrayBuffer())
        latencies.push(performance.now() - started)
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

export function percentile(values: number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
