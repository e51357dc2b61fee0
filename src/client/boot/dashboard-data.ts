import { sendEarly } from '../lib/early-requests.ts'
import { readStoredToken } from './stored-token.ts'

/**
 * The dashboard's first requests with no filters in the address, as the app sends them
 * (features/talents/api.ts: the first page of TALENT_PAGE_SIZE talents, and the stats). A unit
 * test holds them equal to the app's.
 */
export const FIRST_TALENTS_PAGE = '/api/talents?limit=50'
export const TALENT_STATS = '/api/talents/stats'
export const CURRENT_USER = '/api/auth/me'

/** Whether an answer names a user who may see the dashboard now (no password change due). */
function mayOpenDashboard(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'mustChangePassword' in body
    ? body.mustChangePassword === false
    : false
}

function readJson(response: Response): Promise<unknown> {
  return response.ok ? response.clone().json() : Promise.resolve(undefined)
}

/** The first talents page and the stats, for the holder of `token`, before the app asks. */
export function sendDashboardData(token: string): void {
  void sendEarly('GET', FIRST_TALENTS_PAGE, { token })
  void sendEarly('GET', TALENT_STATS, { token })
}

/**
 * A sign-in answer: a session (not a second factor) for a user who goes to the dashboard next
 * gets the dashboard's data sent at once, while the app's code is still arriving.
 */
export function sendDashboardDataAfterSignIn(answer: Promise<Response>): void {
  answer.then(readJson).then(
    (body) => {
      if (typeof body !== 'object' || body === null || !('token' in body)) return
      if (typeof body.token !== 'string' || !('user' in body)) return
      if (mayOpenDashboard(body.user)) sendDashboardData(body.token)
    },
    () => undefined, // the app reads the same answer and shows what went wrong
  )
}

/**
 * A cold open of /dashboard with a stored sign-in (a reload, a bookmark): the session check
 * leaves at once, and the first data as soon as it says the session is good — as
 * app/preload-dashboard.ts does once the app runs, but without waiting for the app's code.
 * Filters in the address leave the data to the page.
 */
export function startSignedInDashboard(location: Location): void {
  if (location.pathname !== '/dashboard' || location.search !== '') return
  const token = readStoredToken()
  if (token === undefined) return
  sendEarly('GET', CURRENT_USER, { token })
    .then(readJson)
    .then(
      (user) => {
        if (mayOpenDashboard(user)) sendDashboardData(token)
      },
      () => undefined, // the app's own session check shows what went wrong
    )
}
