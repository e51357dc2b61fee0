import { signInOverHttp } from '../../support/over-http.ts'
import { ADMIN } from './scout-process.ts'

/** Signs in through POST /api/auth/login; returns the bearer token. */
export async function signIn(url: string, account = ADMIN): Promise<string> {
  return (await signInOverHttp(url, account)).token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A JSON request with the bearer token; resolves to the status and parsed body. */
export async function call(
  url: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...bearer(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
}
