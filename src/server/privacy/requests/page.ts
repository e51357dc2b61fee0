import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import { todayIso } from '#shared/privacy.ts'
import {
  ERASURE_REQUEST_REASON,
  PRIVACY_PAGE_TEXT,
  PRIVACY_PAGE_VIA,
} from '#shared/privacy-requests.ts'
import type { Db } from '../../db/open.ts'
import { erasureRequests, privacyRequests } from '../../db/privacy-request-schema.ts'
import { ConflictError } from '../../errors.ts'
import { eraseTalent } from '../erasure/erase.ts'
import { recordPrivacyEvent } from '../log/record.ts'
import { messagePage } from './page-html.ts'
import { updateDetails } from './page-details.ts'
import {
  addMonths,
  gone,
  lockPageTalent,
  show,
  type Link,
  type PageAnswer,
  type PageDeps,
} from './page-view.ts'
import { changePrivacyRecord } from './record-change.ts'
import { getRequestSettings } from './settings.ts'
import { hashToken, isFormTokenFor, TOKEN_PATTERN } from './token.ts'

export type { PageAnswer, PageDeps } from './page-view.ts'

/*
 * The public page behind an e-mailed link (security rule 59-62). The link is the only
 * credential: it names one talent, works until it expires or is used, and every use is counted
 * on its row. What the page shows and changes is that talent's, and nothing it answers depends on
 * any other talent.
 */

/**
 * The link's row when it still works. Every use is counted on the row, also of a link that works
 * no more (security rule 59). An unknown, unsent, expired or used link is undefined, all alike.
 */
async function takeLink(db: Db, token: string): Promise<Link | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const tokenHash = hashToken(token)
  const [row] = await db
    .update(privacyRequests)
    .set({
      uses: sql`${privacyRequests.uses} + 1`,
      lastUsedAt: sql`now()`,
      firstOpenedAt: sql`coalesce(${privacyRequests.firstOpenedAt}, now())`,
    })
    .where(
      and(
        eq(privacyRequests.tokenHash, tokenHash),
        isNotNull(privacyRequests.sentAt),
        isNull(privacyRequests.usedAt),
        gt(privacyRequests.expiresAt, sql`now()`),
      ),
    )
    .returning({
      id: privacyRequests.id,
      talentId: privacyRequests.talentId,
      kind: privacyRequests.kind,
    })
  if (row) return { ...row, tokenHash }
  // A use of a spent or expired link is counted too, so the Privacy tab shows the attempt.
  await db
    .update(privacyRequests)
    .set({ uses: sql`${privacyRequests.uses} + 1`, lastUsedAt: sql`now()` })
    .where(eq(privacyRequests.tokenHash, tokenHash))
  return undefined
}

/** GET /privacy/r/:token. */
export async function openPage(deps: PageDeps, token: string): Promise<PageAnswer> {
  const link = await takeLink(deps.db, token)
  if (!link) return gone()
  return show(deps, link)
}

/** POST /privacy/r/:token: one of the page's forms. */
export async function postPage(
  deps: PageDeps,
  token: string,
  body: Record<string, string | undefined>,
): Promise<PageAnswer> {
  const link = await takeLink(deps.db, token)
  if (!link) return gone()
  // Security rule 60: a form posted from elsewhere carries no value bound to this link.
  if (!isFormTokenFor(deps.formKey, link.tokenHash, body.csrf)) {
    return { status: 403, html: messagePage(PRIVACY_PAGE_TEXT.title, PRIVACY_PAGE_TEXT.badForm) }
  }
  switch (body.action) {
    case 'confirm':
      return link.kind === 'consent'
        ? confirmConsent(deps, link)
        : show(deps, link, { status: 400 })
    case 'details':
      return updateDetails(deps, link, body)
    case 'remove':
      return askRemoval(deps, link)
    default:
      return show(deps, link, { status: 400 })
  }
}

async function markUsed(tx: Db, link: Link, outcome: 'consent-confirmed' | 'removal-requested') {
  await tx
    .update(privacyRequests)
    .set({ usedAt: sql`now()`, outcome })
    .where(eq(privacyRequests.id, link.id))
}

/**
 * Consent confirmed: basis consent, given today, valid for the admins' period, informed today;
 * History names the person on the page; the privacy log's 'consent-change' (security rule 54).
 * The link is used.
 */
async function confirmConsent(deps: PageDeps, link: Link): Promise<PageAnswer> {
  const settings = await getRequestSettings(deps.db)
  const today = todayIso()
  const until = addMonths(today, settings.consentMonths)
  const done = await deps.db.transaction(async (tx) => {
    if (!(await lockPageTalent(tx, link.talentId))) return false
    await changePrivacyRecord(
      tx,
      link.talentId,
      (record) => ({
        ...record,
        lawfulBasis: 'consent',
        consentGivenOn: today,
        consentValidUntil: until,
        informedOn: today,
      }),
      { userId: null, via: PRIVACY_PAGE_VIA },
    )
    await recordPrivacyEvent(tx, {
      kind: 'consent-change',
      actorId: null,
      talentId: link.talentId,
      count: 1,
      details: { request: link.kind },
    })
    await markUsed(tx, link, 'consent-confirmed')
    return true
  })
  if (!done) return gone()
  return {
    status: 200,
    html: messagePage(PRIVACY_PAGE_TEXT.title, PRIVACY_PAGE_TEXT.consentConfirmed(until)),
  }
}

/**
 * Removal asked (security rule 62): with the admins' switch on, the talent is erased now, as an
 * admin's Erase would; otherwise an erasure request waits in Settings → Privacy. The link is used.
 */
async function askRemoval(deps: PageDeps, link: Link): Promise<PageAnswer> {
  const settings = await getRequestSettings(deps.db)
  if (settings.eraseAtOnce) {
    try {
      await eraseTalent(
        deps.db,
        link.talentId,
        { reason: ERASURE_REQUEST_REASON },
        null,
        deps.erasureKeys,
      )
    } catch (error) {
      // Someone is saving the talent right now (409): nothing was erased, the link still works.
      if (error instanceof ConflictError) {
        return { status: 409, html: messagePage(PRIVACY_PAGE_TEXT.title, PRIVACY_PAGE_TEXT.busy) }
      }
      throw error
    }
    return { status: 200, html: messagePage(PRIVACY_PAGE_TEXT.title, PRIVACY_PAGE_TEXT.erased) }
  }
  const done = await deps.db.transaction(async (tx) => {
    if (!(await lockPageTalent(tx, link.talentId))) return false
    await tx
      .insert(erasureRequests)
      .values({ talentId: link.talentId, requestId: link.id })
      .onConflictDoNothing()
    await markUsed(tx, link, 'removal-requested')
    return true
  })
  if (!done) return gone()
  return {
    status: 200,
    html: messagePage(PRIVACY_PAGE_TEXT.title, PRIVACY_PAGE_TEXT.removalRequested),
  }
}
