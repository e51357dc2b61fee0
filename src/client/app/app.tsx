import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react'
import { BrowserRouter } from 'react-router'
import { onFirstInput } from '../lib/first-input.ts'
import { queryClient } from '../lib/query-client.ts'
import { useHasToasts } from '../components/ui/use-toast.ts'
import { AppRoutes } from './routes.tsx'

// /login ≤ 150 KiB: Radix Toast is not needed to draw the first screen, only after an
// action. Toasts raised before it arrives wait in use-toast's store and show when it mounts.
const Toaster = lazy(() =>
  import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
)

/**
 * The toaster mounts at the first toast, or sooner at the person's first input, so the toast
 * that follows an action need not wait for its code. Not at start-up: on /login its code and the
 * preloads it starts were one of the longest tasks of a phone's start-up.
 */
function useToasterWanted(): boolean {
  const [touched, setTouched] = useState(false)
  const toasts = useHasToasts()
  useEffect(() => onFirstInput(() => startTransition(() => setTouched(true))), [])
  return touched || toasts
}

type AppProps = {
  /** The page's router; prerendering (prerender.tsx) draws one page with a static one instead. */
  Router?: (props: { children: ReactNode }) => ReactNode
}

export function App({ Router = BrowserRouter }: AppProps) {
  const toasterWanted = useToasterWanted()
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <AppRoutes />
      </Router>
      {/* Outside the routes, so a toast survives the navigation that follows it. */}
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  )
}
