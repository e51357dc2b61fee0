import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { BrowserRouter } from 'react-router'
import { queryClient } from './lib/query-client.ts'
import { AppRoutes } from './routes.tsx'

// Issue 7 (/login ≤ 150 KiB): Radix Toast is not needed to draw the first screen, only after an
// action. Toasts raised before it arrives wait in use-toast's store and show when it mounts.
const Toaster = lazy(() =>
  import('./components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
)

type AppProps = {
  /** The page's router; prerendering (prerender.tsx) draws one page with a static one instead. */
  Router?: (props: { children: ReactNode }) => ReactNode
}

export function App({ Router = BrowserRouter }: AppProps) {
  const [afterFirstPaint, setAfterFirstPaint] = useState(false)
  // Mounting the toaster after the first commit keeps its chunk off the first screen's path.
  useEffect(() => {
    const timer = setTimeout(() => setAfterFirstPaint(true), 0)
    return () => clearTimeout(timer)
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <AppRoutes />
      </Router>
      {/* Outside the routes, so a toast survives the navigation that follows it. */}
      {afterFirstPaint ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  )
}
