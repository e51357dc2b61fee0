import { useSyncExternalStore } from 'react'

const never = () => () => undefined

/**
 * False while React takes over prerendered markup (and in the prerender itself), true from the
 * next render on: a control that cannot work before the code has run starts disabled, in the
 * same markup on both sides, and is enabled as soon as it can work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
