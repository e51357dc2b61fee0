import { describe, expect, it } from 'vitest'
import { createQueryClient, retryUnlessClientError } from './query-client.ts'

describe('query defaults (spec section 9)', () => {
  it('keeps reads fresh 30 s, retries reads 3 times and writes once, 1 s apart', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries?.staleTime).toBe(30_000)
    expect(queries?.retryDelay).toBe(1_000)
    expect(queries?.refetchOnWindowFocus).toBe(false)
    expect(queries?.refetchInterval).toBe(false)
    expect(mutations?.retryDelay).toBe(1_000)
  })

  it('retries up to the limit, but not a 4xx answer', () => {
    const retry = retryUnlessClientError(3)
    const serverError = new Error('500: {"message":"Internal error"}')
    expect(retry(0, serverError)).toBe(true)
    expect(retry(2, serverError)).toBe(true)
    expect(retry(3, serverError)).toBe(false)
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retry(0, new Error('404: {"message":"Not found"}'))).toBe(false)
    expect(retryUnlessClientError(1)(1, serverError)).toBe(false)
  })
})
