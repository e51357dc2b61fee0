/**
 * The longest time between two ticks of a 1 ms timer while `work` runs: how long the event loop
 * could not run a callback (security rule 31).
 */
export async function longestLoopGap(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now()
  let longest = 0
  const tick = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 1)
  try {
    last = performance.now()
    await work()
    return Math.max(longest, performance.now() - last)
  } finally {
    clearInterval(tick)
  }
}
