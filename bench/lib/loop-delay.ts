/**
 * Preloaded into the bench's server (node --import, see server.ts `loopDelay`): measures the
 * server's own event loop, so a bench can tell a blocked loop (one long task: the loop's delay is
 * as long as the slow answer) from CPU starvation or a queue (the loop kept turning, yet answers
 * were slow). Asked LOOP_DELAY_ASK over the IPC channel, it answers a LoopDelayWindow covering
 * the time since the previous ask (or since start), and starts a new window.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'

export const LOOP_DELAY_ASK = 'loop-delay'

export type LoopDelayWindow = {
  /** The window's length, ms. */
  ms: number
  /**
   * Gaps between the 10 ms sampling timer's ticks, ms: an idle loop reads ~10, and `max` is about
   * the longest stretch the loop could not run a callback (a 150 ms busy-wait reads ~153).
   */
  p50: number
  p99: number
  max: number
  /**
   * Share of the window the loop was not waiting for I/O (eventLoopUtilization). Wall time: a loop
   * descheduled by the OS mid-task counts as busy, so `busy` well above `cpu` means starvation.
   */
  busy: number
  /** The server's CPU (all its threads, thread pool included) in % of one core. */
  cpu: number
  /** The largest resident set and V8 heap seen in the window (sampled every 50 ms), MB. */
  rssMaxMb: number
  heapMaxMb: number
  /** Memory outside the V8 heap: buffers, and the embedded engine's WebAssembly memory. */
  externalMaxMb: number
}

const MB = 1024 * 1024

function startWindow() {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const usage = process.memoryUsage()
  const memory = { rss: usage.rss, heap: usage.heapUsed, external: usage.external }
  // Peaks, not the values at the ask: an export's memory is gone by the time it is asked.
  const sampler = setInterval(() => {
    memory.rss = Math.max(memory.rss, process.memoryUsage.rss())
    const now = process.memoryUsage()
    memory.heap = Math.max(memory.heap, now.heapUsed)
    memory.external = Math.max(memory.external, now.external)
  }, 50).unref()
  return {
    memory,
    sampler,
    histogram,
    startedAt: performance.now(),
    utilization: performance.eventLoopUtilization(),
    cpu: process.cpuUsage(),
  }
}

// Runs only in a child spawned with an IPC channel; importing the file for its types starts nothing.
if (process.channel) {
  let window = startWindow()
  process.on('message', (message) => {
    if (message !== LOOP_DELAY_ASK) return
    const { histogram, startedAt, utilization, cpu, memory, sampler } = window
    histogram.disable()
    clearInterval(sampler)
    const ms = performance.now() - startedAt
    const used = process.cpuUsage(cpu)
    const report: LoopDelayWindow = {
      ms,
      p50: histogram.percentile(50) / 1e6,
      p99: histogram.percentile(99) / 1e6,
      max: histogram.max / 1e6,
      busy: performance.eventLoopUtilization(utilization).utilization,
      cpu: (100 * (used.user + used.system)) / 1000 / ms,
      rssMaxMb: memory.rss / MB,
      heapMaxMb: memory.heap / MB,
      externalMaxMb: memory.external / MB,
    }
    window = startWindow()
    process.send?.(report)
  })
  // After the listener, which refs it: the channel must not keep a server told to stop alive.
  process.channel.unref()
}
