import type { FastifyPluginCallback } from 'fastify'

/** Scout holds personal data and is never meant to be found by a search engine. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n'
export const X_ROBOTS_TAG = 'noindex, nofollow'

/**
 * GET /robots.txt and GET /favicon.ico. Browsers and crawlers ask for both by name; without these
 * routes they would get the app's HTML (200), which tells a crawler there is a page to index.
 */
export const crawlerRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(ROBOTS_TXT),
  )
  // The app's icon is an SVG (index.html links it); old browsers and bookmarks ask for /favicon.ico.
  app.get('/favicon.ico', { config: { access: 'public' } }, async (_request, reply) =>
    reply.redirect('/favicon.svg', 301),
  )
  done()
}
