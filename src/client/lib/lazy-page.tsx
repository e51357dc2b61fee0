import { lazy, type ComponentType } from 'react'

export type LazyComponent<Props extends object> = ComponentType<Props> & {
  /** Starts loading the component's code; once loaded, it renders without suspending. */
  preload: () => Promise<ComponentType<Props>>
}

export type LazyPage = LazyComponent<object>

/**
 * A component whose code loads on demand, like React.lazy, except that code loaded ahead
 * (preloaded on the login screen, or a page seen before) renders at once. React.lazy suspends on
 * its first render even when the module is already in memory, and React 19 then holds the
 * Suspense boundary's reveal for up to 300 ms: sign-in → first cards paid that for the app shell
 * and again for the dashboard.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined
  const preload = () =>
    load().then((component) => {
      loaded = component
      return component
    })
  const Suspending = lazy(() => preload().then((component) => ({ default: component })))
  function Loaded(props: Props) {
    // Set before Suspending's promise settles, so the retry after a suspension renders it too:
    // the component type never changes once mounted.
    const Component = loaded ?? Suspending
    return <Component {...props} />
  }
  return Object.assign(Loaded, { preload })
}

/** A route's page, loaded on demand (pages.ts). */
export const lazyPage = (load: () => Promise<ComponentType>): LazyPage => lazyComponent(load)
