import { existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { isClientRoute } from '#shared/client-routes.ts'
import { sendJsonNotFound } from './errors.ts'

export type ClientRoutesOptions = {
  clientDir: string
  /** The session cookie's name: its presence chooses /dashboard's drawn frame. */
  sessionCookie: string
}

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them.
const IMMUTABLE = 'public, max-age=31536000, immutable'
// index.html and unhashed files must be revalidated, or a deploy would serve stale bundles.
const REVALIDATE = 'no-cache'
/**
 * index.html with a screen drawn into it, written by the build (scripts/build/prerender-pages.ts):
 * the sign-in screen, and the dashboard's frame while a stored sign-in is checked.
 */
const LOGIN_PAGE = 'login.html'
const DASHBOARD_PAGE = 'dashboard.html'
const DRAWN_PAGES = new Set([LOGIN_PAGE, DASHBOARD_PAGE])

/**
 * A page of the client router has no file extension and no segment starting with a dot
 * ('/talents/12', '/users'). Anything else that is not a real file ('/.env', '/wp-login.php', '/backup.zip') is answered 404,
 * not with the app's HTML: scanners and crawlers must not see a 200 there.
 */
export function isPagePath(decodedPath: string): boolean {
  const segments = decodedPath.split('/')
  const last = segments.at(-1) ?? ''
  return !last.includes('.') && !segments.some((segment) => segment.startsWith('.'))
}

async function findFile(root: string, urlPath: string): Promise<string | undefined> {
  const absolute = path.resolve(root, `.${urlPath}`)
  // Never serve anything outside CLIENT_DIR (path traversal).
  if (!absolute.startsWith(root + path.sep)) return undefined
  const info = await stat(absolute).catch(() => undefined)
  return info?.isFile() ? path.relative(root, absolute) : undefined
}

/**
 * Serves the built SPA from CLIENT_DIR: real files as they are, index.html (200) for the client
 * router's pages (#shared/client-routes.ts), and index.html with a 404 for any other page path, so
 * the router draws its not-found screen and a crawler or monitor still reads a 404 (security rule
 * 48). Unknown /api paths stay JSON 404s.
 */
export const clientRoutes: FastifyPluginAsync<ClientRoutesOptions> = async (
  app,
  { clientDir, sessionCookie },
) => {
  const root = path.resolve(clientDir)
  // The build wrote .br and .gz beside each text file (scripts/vite-precompress.ts): sent as they
  // are to clients that accept them, so no download is compressed per request.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true })
  const built = (page: string) => existsSync(path.join(root, page))
  const hasLoginPage = built(LOGIN_PAGE)
  const hasDashboardPage = built(DASHBOARD_PAGE)

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/'
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return sendJsonNotFound(request, reply)
    let decoded: string
    try {
      decoded = decodeURIComponent(urlPath)
    } catch {
      // A malformed %-escape names neither a file nor a page: the app's not-found screen, a 404.
      return sendPage(reply.code(404), 'index.html')
    }
    const file = await findFile(root, decoded)
    if (file && file !== 'index.html' && !DRAWN_PAGES.has(file)) {
      const cacheControl = file.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE
      return reply.header('cache-control', cacheControl).sendFile(file, { cacheControl: false })
    }
    // A missing hashed asset or any other missing file must not come back as HTML with 200.
    if (decoded.startsWith('/assets/') || !isPagePath(decoded)) {
      return sendJsonNotFound(request, reply)
    }
    // The sign-in screen comes drawn when the build made it, and so does the dashboard's frame
    // to a browser that holds a session cookie: one without goes to /login, which the
    // frame would only delay. Whether the session is still good is the client's first question.
    // Security rule 48: a page the router does not have is a 404 all the same; the app it carries
    // draws the not-found screen.
    if (!isClientRoute(decoded)) return sendPage(reply.code(404), 'index.html')
    let page = 'index.html'
    if (decoded === '/login' && hasLoginPage) page = LOGIN_PAGE
    if (decoded === '/dashboard') {
      void reply.header('vary', 'Cookie')
      if (hasDashboardPage && request.cookies[sessionCookie]) page = DASHBOARD_PAGE
    }
    return sendPage(reply, page)
  })
}

function sendPage(reply: FastifyReply, page: string): FastifyReply {
  return reply.header('cache-control', REVALIDATE).sendFile(page, { cacheControl: false })
}
