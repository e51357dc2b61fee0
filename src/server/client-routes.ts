import { existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { sendJsonNotFound } from './errors.ts'

export type ClientRoutesOptions = { clientDir: string }

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them.
const IMMUTABLE = 'public, max-age=31536000, immutable'
// index.html and unhashed files must be revalidated, or a deploy would serve stale bundles.
const REVALIDATE = 'no-cache'
/** index.html with the sign-in screen drawn into it, written by the build. */
const LOGIN_PAGE = 'login.html'

/**
 * A page of the client router has no file extension and no segment starting with a dot
 * ('/talents/12', '/users'). Anything else that is not a real file ('/.env', '/wp-login.php', '/backup.zip') is answered 404,
 * not with the app's HTML: scanners and crawlers must not see a 200 there (issue 15 item 11).
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
 * Serves the built SPA from CLIENT_DIR: real files as they are, and index.html (200) for any
 * other non-/api page path so the client router can render the page, including its own 404 screen.
 * Unknown /api paths stay JSON 404s.
 */
export const clientRoutes: FastifyPluginAsync<ClientRoutesOptions> = async (app, { clientDir }) => {
  const root = path.resolve(clientDir)
  // The build wrote .br and .gz beside each text file (scripts/vite-precompress.ts): sent as they
  // are to clients that accept them, so no download is compressed per request.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true })
  const hasLoginPage = existsSync(path.join(root, LOGIN_PAGE))

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/'
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return sendJsonNotFound(request, reply)
    let decoded: string
    try {
      decoded = decodeURIComponent(urlPath)
    } catch {
      // A malformed %-escape cannot name a file; let the client router show its 404 screen.
      decoded = '/'
    }
    const file = await findFile(root, decoded)
    if (file && file !== 'index.html' && file !== LOGIN_PAGE) {
      const cacheControl = file.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE
      return reply.header('cache-control', cacheControl).sendFile(file, { cacheControl: false })
    }
    // A missing hashed asset or any other missing file must not come back as HTML with 200.
    if (decoded.startsWith('/assets/') || !isPagePath(decoded)) {
      return sendJsonNotFound(request, reply)
    }
    // The sign-in screen comes drawn (scripts/build/prerender-login.ts) when the build made it.
    const page = decoded === '/login' && hasLoginPage ? LOGIN_PAGE : 'index.html'
    return reply.header('cache-control', REVALIDATE).sendFile(page, { cacheControl: false })
  })
}
