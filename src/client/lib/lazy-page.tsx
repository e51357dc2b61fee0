import { lazy, type ComponentType } from 'react'

export type LazyPage = ComponentType & {
  /** Starts loading the page's code; once loaded, the page renders without suspending. */
  preload: () => Promise<ComponentType>
}

/**
 * A route's page whose code loads on demand, like React.lazy, except that code loaded ahead
 * (preloaded on the login screen, or a page seen before) renders at once. React.lazy suspends on
 * its first render even when the module is already in memory, and React 19 then holds the
 * Suspense boundary's reveal for up to 300 ms: sign-in → first cards paid that for the app shell
 * and again for the dashboard (issue 17).
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined
  const preload = () =>
    load().then((component) => {
      loaded = component
      return component
    })
  const Suspending = lazy(() => preload().then((component) => ({ default: component })))
  function Page() {
    // Set before Suspending's promise settles, so the retry after a suspension renders it too:
    // the component type never changes once mounted.
    const Component = loaded ?? Suspending
    return <Component />
  }
  return Object.assign(Page, { preload })
}
