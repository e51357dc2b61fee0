import type { FastifyBaseLogger } from 'fastify'
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { todayIso } from '#shared/privacy.ts'
import {
  MAIL_NOT_SET_UP,
  MAIL_SEND_FAILED,
  PRIVACY_PAGE_PREFIX,
  PRIVACY_REQUEST_LIST_LIMIT,
  TALENT_WAS_ERASED,
  type PrivacyRequest,
  type PrivacyRequestKind,
  type PrivacyRequestList,
} from '#shared/privacy-requests.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { talents, users } from '../../db/schema.ts'
import { privacyRequests } from '../../db/privacy-request-schema.ts'
import { BusyError, ConflictError, NotFoundError } from '../../errors.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { TALENT_NOT_FOUND } from '../../db/talent-lock.ts'
import { anonymisedEmail } from '../erasure/erase.ts'
import { recordPrivacyEvent } from '../log/record.ts'
import { privacyRequestEmail } from './mail.ts'
import { changePrivacyRecord } from './record-change.ts'
import { getRequestSettings } from './settings.ts'
import { hashToken, newToken } from './token.ts'

/** What sending needs from the app. */
export type RequestDeps = {
  db: Db
  mailer: Mailer | undefined
  publicUrl: string
  log: Pick<FastifyBaseLogger, 'error'>
}

export type SendOutcome =
  | { outcome: 'sent'; requestId: number }
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'failed'; reason: string }

const DAY_MS = 24 * 3600 * 1000

/**
 * Sends one notice or consent e-mail (security rule 59). The link's row is written first without
 * `sent_at`, so the link works only once the mail went; a refused mail deletes it. Then, in one
 * transaction: `sent_at`, the privacy log's 'notice-sent' (security rule 54) and the record's
 * informed-on (the mail tells the person they are in the pool), with its History entry.
 */
export async function sendPrivacyRequest(
  deps: RequestDeps,
  talentId: number,
  kind: PrivacyRequestKind,
  actor: Actor | null,
  batchId: number | null = null,
): Promise<SendOutcome> {
  const { db, mailer, publicUrl, log } = deps
  if (!mailer) return { outcome: 'failed', reason: MAIL_NOT_SET_UP }
  const [talent] = await db
    .select({ id: talents.id, fullName: talents.fullName, email: talents.email })
    .from(talents)
    .where(eq(talents.id, talentId))
  if (!talent) return { outcome: 'skipped', reason: TALENT_NOT_FOUND }
  if (talent.email === anonymisedEmail(talentId)) {
    return { outcome: 'skipped', reason: TALENT_WAS_ERASED }
  }
  const settings = await getRequestSettings(db)
  const token = newToken()
  const [row] = await db
    .insert(privacyRequests)
    .values({
      talentId,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + settings.linkDays * DAY_MS),
      batchId,
      createdById: actor?.id ?? null,
    })
    .returning({ id: privacyRequests.id })
  if (!row) throw new Error(`privacy request for talent ${talentId} was not inserted`)
  const link = `${publicUrl}${PRIVACY_PAGE_PREFIX}${token}`
  try {
    await mailer.send(privacyRequestEmail({ kind, settings, talent, link }))
  } catch (error) {
    log.error({ event: 'privacy_request_mail_failed', talentId, err: error })
    await db.delete(privacyRequests).where(eq(privacyRequests.id, row.id))
    return { outcome: 'failed', reason: MAIL_SEND_FAILED }
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: talents.id })
      .from(talents)
      .where(eq(talents.id, talentId))
      .for('update')
    // Erased while the mail went: its request went with it, and so does the entry.
    if (!locked) return
    await tx
      .update(privacyRequests)
      .set({ sentAt: sql`now()` })
      .where(eq(privacyRequests.id, row.id))
    await recordPrivacyEvent(tx, {
      kind: 'notice-sent',
      actorId: actor?.id ?? null,
      talentId,
      count: 1,
      details: { request: kind },
    })
    if (actor) {
      await changePrivacyRecord(tx, talentId, (record) => ({ ...record, informedOn: todayIso() }), {
        userId: actor.id,
      })
    }
  })
  return { outcome: 'sent', requestId: row.id }
}

/** Why a request cannot go to this talent now, or null. */
export function cannotSend(mailer: Mailer | undefined, talent: { id: number; email: string }) {
  if (!mailer) return MAIL_NOT_SET_UP
  if (talent.email === anonymisedEmail(talent.id)) return TALENT_WAS_ERASED
  return null
}

/** POST /api/talents/:id/privacy-requests: sent, or a clear refusal with nothing recorded. */
export async function sendOne(
  deps: RequestDeps,
  talentId: number,
  kind: PrivacyRequestKind,
  actor: Actor,
): Promise<PrivacyRequest> {
  const result = await sendPrivacyRequest(deps, talentId, kind, actor)
  if (result.outcome === 'skipped') {
    if (result.reason === TALENT_NOT_FOUND) throw new NotFoundError(TALENT_NOT_FOUND)
    throw new ConflictError(result.reason)
  }
  if (result.outcome === 'failed') {
    if (result.reason === MAIL_NOT_SET_UP) throw new ConflictError(result.reason)
    throw new BusyError(30, result.reason)
  }
  const [request] = await requestRows(deps.db, talentId, result.requestId)
  if (!request) throw new NotFoundError(TALENT_NOT_FOUND)
  return request
}

function stateOf(row: {
  usedAt: Date | null
  expiresAt: Date
  firstOpenedAt: Date | null
}): PrivacyRequest['state'] {
  if (row.usedAt) return 'used'
  if (row.expiresAt.getTime() <= Date.now()) return 'expired'
  return row.firstOpenedAt ? 'opened' : 'sent'
}

async function requestRows(
  db: Db,
  talentId: number,
  requestId?: number,
): Promise<PrivacyRequest[]> {
  const rows = await db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      sentAt: privacyRequests.sentAt,
      expiresAt: privacyRequests.expiresAt,
      firstOpenedAt: privacyRequests.firstOpenedAt,
      usedAt: privacyRequests.usedAt,
      uses: privacyRequests.uses,
      outcome: privacyRequests.outcome,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(privacyRequests)
    .leftJoin(users, eq(users.id, privacyRequests.createdById))
    .where(
      and(
        eq(privacyRequests.talentId, talentId),
        isNotNull(privacyRequests.sentAt),
        requestId === undefined ? undefined : eq(privacyRequests.id, requestId),
      ),
    )
    .orderBy(desc(privacyRequests.id))
    .limit(PRIVACY_REQUEST_LIST_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: stateOf(row),
    sentAt: (row.sentAt ?? new Date()).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    openedAt: row.firstOpenedAt?.toISOString() ?? null,
    usedAt: row.usedAt?.toISOString() ?? null,
    uses: row.uses,
    outcome: row.outcome,
    sentBy:
      row.email === null
        ? null
        : { firstName: row.firstName, lastName: row.lastName, email: row.email },
  }))
}

/** GET /api/talents/:id/privacy-requests. */
export async function listRequests(
  deps: Pick<RequestDeps, 'db' | 'mailer'>,
  talentId: number,
): Promise<PrivacyRequestList> {
  const [talent] = await deps.db
    .select({ id: talents.id, email: talents.email })
    .from(talents)
    .where(eq(talents.id, talentId))
  if (!talent) throw new NotFoundError(TALENT_NOT_FOUND)
  return {
    cannotSend: cannotSend(deps.mailer, talent),
    requests: await requestRows(deps.db, talentId),
  }
}
