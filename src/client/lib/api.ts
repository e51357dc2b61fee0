import type { QueryFunction } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiErrorBodySchema } from '#shared/api-error.ts'
import { getAuthToken } from './auth-token.ts'
import { takeEarly } from './early-requests.ts'

// The one fetch wrapper (spec sections 7-8). Components never call fetch; no toasts here.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type QueryParams = Record<string, unknown>
export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** spec section 8: a non-success response raises `status: body` (status text if the body is empty). */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const text = await response.text().catch(() => '')
  throw new Error(`${response.status}: ${text === '' ? response.statusText : text}`)
}

function paramValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(paramValues)
  if (typeof value === 'string') return value === '' ? [] : [value]
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)]
  return []
}

/** Appends the non-empty entries of `params` to `path` as query parameters (spec section 7). */
export function withQueryParams(path: string, params?: QueryParams): string {
  if (params === undefined) return path
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    for (const item of paramValues(value)) search.append(key, item)
  }
  const query = search.toString()
  if (query === '') return path
  return `${path}${path.includes('?') ? '&' : '?'}${query}`
}

/**
 * Sends a request with cookies, and the Bearer token when a valid one is stored. A body is sent
 * as JSON with its content type. Throws `status: body` on a non-success response.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' })
  const token = getAuthToken()
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`)
  // A JSON content type with an empty body is refused by the server, so body-less writes send neither.
  if (data !== undefined) headers.set('Content-Type', 'application/json')
  const body = data === undefined ? undefined : JSON.stringify(data)
  // The same request, sent before this code had arrived (boot-after-paint.ts): its answer is this one's.
  const response = await (takeEarly(method, url, token, body) ??
    fetch(url, { method, headers, body, credentials: 'include' }))
  await throwIfNotOk(response)
  return response
}

/** Sends a request and validates the JSON answer with `schema` (validate at the boundary). */
export async function apiJson<S extends z.ZodType>(
  method: HttpMethod,
  url: string,
  schema: S,
  data?: unknown,
): Promise<z.output<S>> {
  const response = await apiRequest(method, url, data)
  const body: unknown = await response.json()
  return schema.parse(body)
}

export const api = {
  get: <S extends z.ZodType>(url: string, schema: S, params?: QueryParams) =>
    apiJson('GET', withQueryParams(url, params), schema),
  post: <S extends z.ZodType>(url: string, schema: S, data?: unknown) =>
    apiJson('POST', url, schema, data),
  put: <S extends z.ZodType>(url: string, schema: S, data?: unknown) =>
    apiJson('PUT', url, schema, data),
  patch: <S extends z.ZodType>(url: string, schema: S, data?: unknown) =>
    apiJson('PATCH', url, schema, data),
  delete: (url: string) => apiRequest('DELETE', url),
}

/** GET `path` with optional params; a 401 yields null when `on401` is 'returnNull' (spec section 7). */
export async function fetchJson(
  path: string,
  { on401, params }: { on401: UnauthorizedBehavior; params?: QueryParams },
): Promise<unknown> {
  try {
    const response = await apiRequest('GET', withQueryParams(path, params))
    const body: unknown = await response.json()
    return body
  } catch (error) {
    if (on401 === 'returnNull' && parseApiError(error)?.status === 401) return null
    throw error
  }
}

function isQueryParams(value: unknown): value is QueryParams {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Generic read: GET to queryKey[0] with the non-empty entries of queryKey[1] as query params. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction {
  return ({ queryKey }) => {
    const [path, params] = queryKey
    if (typeof path !== 'string') {
      throw new Error(`Query key ${JSON.stringify(queryKey)} does not start with a path`)
    }
    return fetchJson(path, { on401, params: isQueryParams(params) ? params : undefined })
  }
}

const errorBodySchema = apiErrorBodySchema.partial()

export type ParsedApiError = {
  status: number
  /** The body parsed as JSON; false when the body was not readable JSON. */
  isJson: boolean
  message: string | undefined
  fieldErrors: Record<string, string[]>
}

/**
 * Reads an error thrown by this wrapper back into its parts. Undefined for anything else
 * (network failures, bad response shapes): a "non-standard" error in the spec's words.
 */
export function parseApiError(error: unknown): ParsedApiError | undefined {
  if (!(error instanceof Error)) return undefined
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message)
  if (match === null) return undefined
  const status = Number(match[1])
  const text = match[2] ?? ''
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { status, isJson: false, message: undefined, fieldErrors: {} }
  }
  const parsed = errorBodySchema.safeParse(json)
  if (!parsed.success) return { status, isJson: true, message: undefined, fieldErrors: {} }
  const message = parsed.data.message?.trim()
  return {
    status,
    isJson: true,
    message: message === '' ? undefined : message,
    fieldErrors: parsed.data.fieldErrors ?? {},
  }
}

/**
 * GET `url` with optional params, validating the JSON body with `schema` and handing back the
 * response headers too (list paging: `X-Total-Count`, `X-Next-Cursor`).
 */
export async function apiGetWithHeaders<S extends z.ZodType>(
  url: string,
  schema: S,
  params?: QueryParams,
): Promise<{ data: z.output<S>; headers: Headers }> {
  const response = await apiRequest('GET', withQueryParams(url, params))
  const body: unknown = await response.json()
  return { data: schema.parse(body), headers: response.headers }
}
