import { QueryClientProvider } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router'
import { Toaster } from './components/ui/toaster.tsx'
import { queryClient } from './lib/query-client.ts'
import { AppRoutes } from './routes.tsx'

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {/* Outside the routes, so a toast survives the navigation that follows it. */}
      <Toaster />
    </QueryClientProvider>
  )
}
