/**
 * Requests the boot script (boot-after-paint.ts) sends before the app's code has arrived — a
 * sign-in typed into the drawn form, the signed-in dashboard's first data — handed over to the
 * app, which takes each answer in place of sending the same request again (lib/api.ts). The boot
 * script and the app are separate bundles, so the hand-over lives on the page's global object.
 *
 * A request is only taken by an identical one: same method, address, stored token and body. So
 * the app's own code path (its parsing, toasts, stored values) is the one that reads the answer,
 * whoever sent the request (docs/decisions/017-sign-in-before-the-app.md).
 */

/** An answer older than this is not taken: the app asks again. */
export const EARLY_ANSWER_TTL_MS = 30_000

type Early = { response: Promise<Response>; sentAt: number }

const HANDOFF = Symbol.for('scout.early-requests')

type Handoff = {
  requests: Map<string, Early>
  /** The sign-in the boot script took from the drawn form, for the app to finish. */
  signIn?: EarlySignIn
  /** Set by the login screen once it handles the form's submits itself (for good: the app runs). */
  appHasForm: boolean
}

/**
 * A submit of the drawn sign-in form: the values typed, and whether the request left (it does
 * not when a field is empty: the app then shows the spec's 'Missing credentials' toast).
 */
export type EarlySignIn = { email: string; password: string; sent: boolean }

function handoff(): Handoff {
  const holder = globalThis as { [HANDOFF]?: Handoff }
  holder[HANDOFF] ??= { requests: new Map(), appHasForm: false }
  return holder[HANDOFF]
}

function key(method: string, url: string, token: string | undefined, body: string | undefined) {
  return JSON.stringify([method, url, token ?? '', body ?? ''])
}

/** Sends a request now and keeps its answer for the app (the same request as lib/api.ts sends). */
export function sendEarly(
  method: 'GET' | 'POST',
  url: string,
  { token, body }: { token?: string; body?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token !== undefined) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = fetch(url, { method, headers, body, credentials: 'include' })
  // Handled here so a failure nobody takes is not an unhandled rejection; the taker sees it.
  response.catch(() => undefined)
  handoff().requests.set(key(method, url, token, body), { response, sentAt: Date.now() })
  return response
}

/** The answer to an identical request sent early, once; undefined when there is none (or stale). */
export function takeEarly(
  method: string,
  url: string,
  token: string | undefined,
  body: string | undefined,
  now: number = Date.now(),
): Promise<Response> | undefined {
  const { requests } = handoff()
  const id = key(method, url, token, body)
  const early = requests.get(id)
  if (early === undefined) return undefined
  requests.delete(id)
  return now - early.sentAt <= EARLY_ANSWER_TTL_MS ? early.response : undefined
}

export function setEarlySignIn(signIn: EarlySignIn): void {
  handoff().signIn = signIn
}

export function peekEarlySignIn(): EarlySignIn | undefined {
  return handoff().signIn
}

/** The login screen takes the boot script's sign-in (once) and, from now on, the form's submits. */
export function takeOverSignIn(): EarlySignIn | undefined {
  const state = handoff()
  state.appHasForm = true
  const { signIn } = state
  state.signIn = undefined
  return signIn
}

export function appHasForm(): boolean {
  return handoff().appHasForm
}
