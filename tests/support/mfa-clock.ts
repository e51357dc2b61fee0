import { vi } from 'vitest'

const STEP_MS = 30_000

/**
 * A fake clock for TOTP steps: only Date is faked (the database drivers keep their
 * real timers). Starts 5 s into a 30-second step near the real time; `advance` moves it.
 */
export function useStepClock() {
  const start = Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000
  vi.useFakeTimers({ toFake: ['Date'], now: start })
  return {
    now: () => Date.now(),
    advance: (ms: number) => vi.setSystemTime(Date.now() + ms),
    advanceSteps: (steps: number) => vi.setSystemTime(Date.now() + steps * STEP_MS),
    restore: () => vi.useRealTimers(),
  }
}
