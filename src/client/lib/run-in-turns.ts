/** Gives the main thread back for one task: a tap or key waiting meanwhile is handled first. */
export function nextTask(): Promise<void> {
  // Not setTimeout: browsers stretch nested timers to 4 ms each, ~130 ms over /login's chunks.
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } }
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

/**
 * Runs each step in a task of its own, in order: a step starts only after the previous one has
 * finished and the main thread has had a turn. /login loads the app this way (boot-after-paint.ts), so
 * a phone never spends one long task on the whole app's start-up.
 */
export async function runInTurns(
  steps: readonly (() => unknown)[],
  turn: () => Promise<void> = nextTask,
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await turn()
    await step()
  }
}
