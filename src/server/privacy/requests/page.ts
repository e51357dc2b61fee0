import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { emptyToNull } from '#shared/empty-to-null.ts'
import { todayIso } from '#shared/privacy.ts'
import {
  ERASURE_REQUEST_REASON,
  PRIVACY_PAGE_TEXT,
  PRIVACY_PAGE_VIA,
  privacyPageDetailsSchema,
  type PrivacyRequestKind,
  type PrivacyRequestSettings,
} from '#shared/privacy-requests.ts'
import { changedFields } from '../../activity/changes.ts'
import { recordActivity } from '../../audit/record.ts'
import type { Db } from '../../db/open.ts'
import { talents } from '../../db/schema.ts'
import { talentCvs } from '../../db/file-schema.ts'
import { erasureRequests, privacyRequests } from '../../db/privacy-request-schema.ts'
import { ConflictError } from '../../errors.ts'
import { eraseTalent } from '../erasure/erase.ts'
import type { ErasureKeys } from '../erasure/identifiers.ts'
import { recordPrivacyEvent } from '../log/record.ts'
import { detailsPage, messagePage, type PageForm, type PageTalent } from './page-html.ts'
import { changePrivacyRecord, NEXT_VERSION } from './record-change.ts'
import { getRequestSettings } from './settings.ts'
import { formTokenFor, hashToken, isFormTokenFor, TOKEN_PATTERN } from './token.ts'

/*
 * The public page behind an e-mailed link (security rule 59-62). The link is the only
 * credential: it names one talent, works until it expires or is used, and every use is counted
 * on its row. What the page shows and changes is that talent's, and nothing it answers depends on
 * any other talent.
 */

export type PageDeps = { db: Db; formKey: Buffer; erasureKeys: ErasureKeys }
export type PageAnswer = { status: number; html: string }

type Link = { id: number; talentId: number; kind: PrivacyRequestKind; tokenHash: string }

const gone = (): PageAnswer => ({
  status: 410,
  html: messagePage(PRIVACY_PAGE_TEXT.expiredTitle, PRIVACY_PAGE_TEXT.expired),
})

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

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()),
  )
  // 31 January + 1 month is the last day of February, not 3 March.
  if (target.getUTCDate() !== date.getUTCDate()) target.setUTCDate(0)
  return target.toISOString().slice(0, 10)
}

async function pageTalent(db: Db, talentId: number): Promise<PageTalent | undefined> {
  const [row] = await db
    .select({
      fullName: talents.fullName,
      email: talents.email,
      phone: talents.phone,
      linkedinUrl: talents.linkedinUrl,
      areaOfInterest: talents.areaOfInterest,
      seniorityLevel: talents.seniorityLevel,
      tags: talents.tags,
      notes: talents.notes,
      source: talents.privacySource,
      sourceDetail: talents.privacySourceDetail,
      lawfulBasis: talents.lawfulBasis,
      consentGivenOn: talents.consentGivenOn,
      consentValidUntil: talents.consentValidUntil,
    })
    .from(talents)
    .where(eq(talents.id, talentId))
  if (!row) return undefined
  const cvs = await db
    .select({ fileName: talentCvs.fileName, createdAt: talentCvs.createdAt })
    .from(talentCvs)
    .where(eq(talentCvs.talentId, talentId))
    .orderBy(desc(talentCvs.id))
  const { notes, ...rest } = row
  return {
    ...rest,
    hasNotes: notes !== null && notes.trim() !== '',
    cvFiles: cvs.map((cv) => ({
      fileName: cv.fileName,
      addedOn: cv.createdAt.toISOString().slice(0, 10),
    })),
  }
}

function formFor(link: Link, settings: PrivacyRequestSettings, key: Buffer): PageForm {
  return {
    kind: link.kind,
    company: settings.company,
    formToken: formTokenFor(key, link.tokenHash),
    consentUntil: addMonths(todayIso(), settings.consentMonths),
  }
}

async function show(
  deps: PageDeps,
  link: Link,
  extra: Partial<PageForm> & { status?: number; notice?: string } = {},
): Promise<PageAnswer> {
  const settings = await getRequestSettings(deps.db)
  const talent = await pageTalent(deps.db, link.talentId)
  if (!talent) return gone()
  const { status = 200, notice, ...form } = extra
  return {
    status,
    html: detailsPage(talent, { ...formFor(link, settings, deps.formKey), ...form }, notice),
  }
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

async function lockPageTalent(tx: Db, talentId: number) {
  const [row] = await tx
    .select({ id: talents.id })
    .from(talents)
    .where(eq(talents.id, talentId))
    .for('update')
  return row
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

const DETAIL_FIELDS = ['email', 'phone', 'linkedinUrl'] as const

/**
 * E-mail, phone and LinkedIn through the talent form's own schema and messages. An e-mail that
 * belongs to another talent is not taken, and the page answers exactly as for any other save
 * (security rule 61: the page never tells whether an address is in the pool); History says so.
 */
async function updateDetails(
  deps: PageDeps,
  link: Link,
  body: Record<string, string | undefined>,
): Promise<PageAnswer> {
  const typed = {
    email: body.email ?? '',
    phone: body.phone ?? '',
    linkedinUrl: body.linkedinUrl ?? '',
  }
  const parsed = privacyPageDetailsSchema.safeParse(typed)
  if (!parsed.success) {
    const errors: PageForm['errors'] = {}
    for (const issue of parsed.error.issues) {
      const field = DETAIL_FIELDS.find((name) => name === issue.path[0])
      if (field && !errors[field]) errors[field] = issue.message
    }
    return show(deps, link, { status: 400, typed, errors })
  }
  const wanted = {
    email: parsed.data.email,
    phone: emptyToNull(parsed.data.phone),
    linkedinUrl: emptyToNull(parsed.data.linkedinUrl),
  }
  const done = await deps.db.transaction(async (tx) => {
    if (!(await lockPageTalent(tx, link.talentId))) return false
    const [before] = await tx
      .select({
        fullName: talents.fullName,
        email: talents.email,
        phone: talents.phone,
        linkedinUrl: talents.linkedinUrl,
      })
      .from(talents)
      .where(eq(talents.id, link.talentId))
    if (!before) return false
    const [clash] = await tx
      .select({ id: talents.id })
      .from(talents)
      .where(
        and(sql`lower(${talents.email}) = lower(${wanted.email})`, ne(talents.id, link.talentId)),
      )
      .limit(1)
    const next = { ...wanted, email: clash ? before.email : wanted.email }
    const changes = changedFields(before, { ...before, ...next }, DETAIL_FIELDS)
    if (changes.length > 0) {
      await tx
        .update(talents)
        .set({ ...next, updatedAt: NEXT_VERSION })
        .where(eq(talents.id, link.talentId))
    }
    if (changes.length > 0 || clash) {
      await recordActivity(tx, {
        userId: null,
        action: 'talent.updated',
        entityType: 'talent',
        entityId: link.talentId,
        details: {
          fullName: before.fullName,
          changes,
          via: PRIVACY_PAGE_VIA,
          ...(clash ? { emailNotTaken: true } : {}),
        },
      })
    }
    await tx
      .update(privacyRequests)
      .set({ outcome: 'details-updated' })
      .where(eq(privacyRequests.id, link.id))
    return true
  })
  if (!done) return gone()
  return show(deps, link, { notice: PRIVACY_PAGE_TEXT.detailsUpdated })
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
