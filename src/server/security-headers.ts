import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

// Security rule 25, plus what the Vite SPA needs (Radix sets inline styles; images may be data: URIs).
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  scriptSrc: ["'self'"],
  // The CV tab's pdf.js worker is a same-origin file: said explicitly, no blob:.
  workerSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
}

/**
 * Security rule 25: helmet's headers on every response, pages and API. helmet itself, built once:
 * @fastify/helmet 13 rebuilds the middleware (and re-parses the CSP) on every request, 4 % of the
 * server's CPU on a cached list page (bench/profile.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent in app.ts, and only over HTTPS.
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined)
    })
  })
}
