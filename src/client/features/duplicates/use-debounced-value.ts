import { useEffect, useState } from 'react'

/** `value` once it has stayed the same for `delayMs` (the duplicate check runs while typing). */
export function useDebouncedValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
