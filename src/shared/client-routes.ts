/**
 * The client router's pages (spec section 2), one list for the router (src/client/routes.tsx) and
 * the server (src/server/client-routes.ts): the server answers a page path that is none of these
 * 404 with the app, which draws its not-found screen (security rule 48).
 */
export const CLIENT_ROUTES = {
  root: '/',
  login: '/login',
  changePassword: '/change-password',
  firstTimePassword: '/first-time-password-change',
  dashboard: '/dashboard',
  addTalent: '/dashboard/add-talent',
  users: '/dashboard/users',
  merge: '/dashboard/duplicates/merge',
  tags: '/dashboard/tags',
  reports: '/dashboard/reports',
  settings: '/dashboard/settings',
  cvImports: '/dashboard/cv-imports',
  duplicates: '/dashboard/duplicates',
  cvImport: '/dashboard/cv-imports/:id',
  imports: '/dashboard/imports',
  importPage: '/dashboard/imports/:id',
} as const

/** A path's segments, trailing slashes ignored ('/dashboard//' is '/dashboard'; '//x' is not '/x'). */
const segmentsOf = (path: string) => (path.replace(/\/+$/, '') || '/').split('/')

const PATTERNS = Object.values(CLIENT_ROUTES).map(segmentsOf)

/**
 * Whether the router draws a page of its own for this decoded path (no query): as React Router
 * matches, a `:name` segment takes any one non-empty segment, letters match in any case and
 * trailing slashes are ignored.
 */
export function isClientRoute(path: string): boolean {
  const segments = segmentsOf(path)
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every(
        (part, index) =>
          (part.startsWith(':') && segments[index] !== '') ||
          part.toLowerCase() === segments[index]?.toLowerCase(),
      ),
  )
}
