import { QueryClient } from '@tanstack/react-query'
import { getQueryFn, parseApiError } from './api.ts'

/**
 * Retries up to `max` times, but never a 4xx answer: the server refused the request itself, so
 * repeating it cannot succeed (and a repeated login would count twice against throttling).
 */
export function retryUnlessClientError(max: number) {
  return (failureCount: number, error: unknown): boolean => {
    const status = parseApiError(error)?.status
    if (status !== undefined && status >= 400 && status < 500) return false
    return failureCount < max
  }
}

/** Data-fetch defaults of spec section 9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 30_000,
        retry: retryUnlessClientError(3),
        retryDelay: 1_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: retryUnlessClientError(1),
        retryDelay: 1_000,
      },
    },
  })
}

export const queryClient = createQueryClient()
