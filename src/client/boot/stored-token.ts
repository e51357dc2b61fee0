/**
 * The stored sign-in token (spec section 3: `authToken`) as lib/auth-token.ts reads it, without
 * its schema library, which the boot script must not carry: undefined when absent, unreadable or
 * expired. Looser than the app's check; a token only this accepts is sent by the boot script but
 * not by the app, so the app's request does not take the boot's answer (lib/early-requests.ts).
 */
export function readStoredToken(now: number = Date.now()): string | undefined {
  try {
    const token = globalThis.localStorage.getItem('authToken')
    if (token === null) return undefined
    const payload: unknown = JSON.parse(atob(token))
    if (typeof payload !== 'object' || payload === null || !('exp' in payload)) return undefined
    return typeof payload.exp === 'number' && payload.exp > now ? token : undefined
  } catch {
    // Storage disabled, or not base64 JSON: as if absent.
    return undefined
  }
}
