import type { QueryFunctionContext } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { api, apiRequest, getQueryFn, parseApiError, withQueryParams } from './api.ts'
import { createMemoryStorage, makeToken } from './memory-storage.test-helper.ts'

let storage: ReturnType<typeof createMemoryStorage>
const fetchMock = vi.fn<typeof fetch>()

function respond(status: number, body = '', statusText = '') {
  fetchMock.mockResolvedValueOnce(new Response(body === '' ? null : body, { status, statusText }))
}

function lastRequest() {
  const call = fetchMock.mock.lastCall
  if (call === undefined) throw new Error('fetch was not called')
  const [url, init] = call
  if (typeof url !== 'string') throw new Error('expected a string URL')
  return { url, init: init ?? {}, headers: new Headers(init?.headers) }
}

function queryContext(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined, client: undefined! }
}

beforeEach(() => {
  storage = createMemoryStorage()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

describe('apiRequest (spec section 7)', () => {
  it('sends cookies and a Bearer header when a valid token is stored', async () => {
    const token = makeToken(Date.now() + 60_000)
    storage.setItem('authToken', token)
    respond(200, '{}')
    await apiRequest('GET', '/api/auth/me')
    const { init, headers } = lastRequest()
    expect(init.credentials).toBe('include')
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`)
  })

  it('sends no Bearer header without a token, and removes an expired one', async () => {
    respond(200, '{}')
    await apiRequest('GET', '/api/auth/me')
    expect(lastRequest().headers.has('Authorization')).toBe(false)

    storage.setItem('authToken', makeToken(Date.now() - 1_000))
    respond(200, '{}')
    await apiRequest('GET', '/api/auth/me')
    expect(lastRequest().headers.has('Authorization')).toBe(false)
    expect(lastRequest().init.credentials).toBe('include')
    expect(storage.getItem('authToken')).toBeNull()
  })

  it('sends no Bearer header for an unreadable token', async () => {
    storage.setItem('authToken', 'garbage')
    respond(200, '{}')
    await apiRequest('GET', '/api/auth/me')
    expect(lastRequest().headers.has('Authorization')).toBe(false)
  })

  it('sends writes as JSON with a JSON content type', async () => {
    respond(200, '{"message":"ok"}')
    await api.post('/api/auth/change-password', z.object({ message: z.string() }), {
      newPassword: 'long-enough',
    })
    const { init, headers } = lastRequest()
    expect(init.method).toBe('POST')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(init.body).toBe('{"newPassword":"long-enough"}')
  })

  it('raises `status: body` for a non-success response', async () => {
    respond(401, '{"message":"Invalid email or password"}')
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow(
      '401: {"message":"Invalid email or password"}',
    )
  })

  it('uses the status text when the body is empty', async () => {
    respond(503, '', 'Service Unavailable')
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable')
  })

  it('validates a JSON answer with the given schema', async () => {
    respond(200, '{"unexpected":true}')
    await expect(api.get('/api/thing', z.object({ id: z.number() }))).rejects.toThrow()
  })
})

describe('getQueryFn', () => {
  it('returns null for a 401 when asked to', async () => {
    respond(401, '{"message":"Not signed in"}')
    const result = await getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/me']))
    expect(result).toBeNull()
  })

  it('throws for a 401 otherwise, and for other errors either way', async () => {
    respond(401, '{"message":"Not signed in"}')
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/talents']))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    )
    respond(500, '{"message":"Internal error"}')
    await expect(
      getQueryFn({ on401: 'returnNull' })(queryContext(['/api/talents'])),
    ).rejects.toThrow('500: ')
  })

  it('GETs the path in the key with its non-empty params', async () => {
    respond(200, '[]')
    const params = {
      search: '',
      tag: 'High Potential',
      status: null,
      area: undefined,
      sort: 'newest',
    }
    await getQueryFn({ on401: 'throw' })(queryContext(['/api/talents', params]))
    const { url, init } = lastRequest()
    expect(init.method).toBe('GET')
    expect(url).toBe('/api/talents?tag=High+Potential&sort=newest')
  })
})

describe('withQueryParams', () => {
  it('keeps the path when every value is empty', () => {
    expect(withQueryParams('/api/talents', { search: '', tag: undefined })).toBe('/api/talents')
    expect(withQueryParams('/api/talents')).toBe('/api/talents')
  })

  it('appends numbers, booleans and each entry of a list', () => {
    expect(
      withQueryParams('/api/x', { page: 2, mine: true, status: ['Hired', '', 'Interviewed'] }),
    ).toBe('/api/x?page=2&mine=true&status=Hired&status=Interviewed')
  })
})

describe('parseApiError', () => {
  it('reads status, message and field errors from a JSON body', () => {
    const error = new Error(
      '400: {"message":"Invalid input","fieldErrors":{"newPassword":["Too common"]}}',
    )
    expect(parseApiError(error)).toEqual({
      status: 400,
      isJson: true,
      message: 'Invalid input',
      fieldErrors: { newPassword: ['Too common'] },
    })
  })

  it('marks a body that is not JSON', () => {
    expect(parseApiError(new Error('502: <html>Bad gateway</html>'))).toEqual({
      status: 502,
      isJson: false,
      message: undefined,
      fieldErrors: {},
    })
  })

  it('is undefined for errors that did not come from a response', () => {
    expect(parseApiError(new TypeError('Failed to fetch'))).toBeUndefined()
    expect(parseApiError('401: {}')).toBeUndefined()
  })
})
