import type { FastifyPluginCallback, FastifyReply } from 'fastify'
import { PRIVACY_PAGE_TEXT } from '#shared/privacy-requests.ts'
import type { Db } from '../../db/open.ts'
import type { ErasureKeys } from '../erasure/identifiers.ts'
import { messagePage, PAGE_CSS, PAGE_STYLESHEET } from './page-html.ts'
import { openPage, postPage, type PageAnswer } from './page.ts'
import { PAGE_WINDOW_SECONDS, takePageTurn } from './page-throttle.ts'

export type PrivacyPageRoutesOptions = { db: Db; formKey: Buffer; erasureKeys: ErasureKeys }

/** The page's forms are small: three fields and two hidden values. */
const FORM_BODY_LIMIT = 16 * 1024

function sendPage(reply: FastifyReply, { status, html }: PageAnswer): FastifyReply {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The address holds the link's token: never sent on to another site.
      .header('referrer-policy', 'no-referrer')
      .send(html)
  )
}

/**
 * The public page behind a notice or consent e-mail (security rule 59-61): no sign-in, the link
 * is the credential. HTML and form posts (application/x-www-form-urlencoded, parsed here only),
 * rate-limited per address, each form bound to its link. Routes log at warn and above only:
 * the request line carries the token (security rule 24).
 */
export const privacyPageRoutes: FastifyPluginCallback<PrivacyPageRoutesOptions> = (
  app,
  { db, formKey, erasureKeys },
  done,
) => {
  const deps = { db, formKey, erasureKeys }
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, parsed) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      const fields: Record<string, string> = {}
      for (const [key, value] of new URLSearchParams(text)) {
        // The first of a repeated field counts; no key can reach an object's prototype.
        if (!Object.hasOwn(fields, key))
          Object.defineProperty(fields, key, { value, enumerable: true })
      }
      parsed(null, fields)
    },
  )

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === PAGE_STYLESHEET) return
    if (!(await takePageTurn(db, request.ip))) {
      void reply.header('retry-after', String(PAGE_WINDOW_SECONDS))
      return sendPage(reply, {
        status: 429,
        html: messagePage(PRIVACY_PAGE_TEXT.title, PRIVACY_PAGE_TEXT.tooMany),
      })
    }
  })

  app.get(PAGE_STYLESHEET, { config: { access: 'public' } }, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(PAGE_CSS),
  )

  app.get<{ Params: { token: string } }>(
    '/privacy/r/:token',
    { config: { access: 'public' }, logLevel: 'warn' },
    async (request, reply) => sendPage(reply, await openPage(deps, request.params.token)),
  )

  app.post<{ Params: { token: string }; Body: Record<string, string | undefined> | undefined }>(
    '/privacy/r/:token',
    { config: { access: 'public' }, logLevel: 'warn' },
    async (request, reply) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {}
      return sendPage(reply, await postPage(deps, request.params.token, body))
    },
  )

  done()
}
