import { randomBytes } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { decodeAuthToken, encodeAuthToken } from '#shared/auth.ts'
import type { Config } from '../config.ts'
import { sha256Of } from '../secrets/sha256.ts'
import type { WatchChanges } from '../db/change-notices.ts'
import type { Db } from '../db/open.ts'
import { dataVersions, sessions, users } from '../db/schema.ts'
import type { UserRow } from '../db/rows.ts'
import { deleteUserChallenges } from './mfa/challenges.ts'
import { SessionCache } from './session-cache.ts'

// Writing lastSeenAt on every request would double the database work; a minute is precise enough
// for a 30-minute idle timeout.
const TOUCH_INTERVAL_MS = 60_000

export type SessionRow = typeof sessions.$inferSelect

export type NewSession = { token: string; expiresAt: Date; sessionId: number }

/**
 * Security rule 7-8: a new random secret per login; the database keeps only its SHA-256. The token
 * is the spec's base64 JSON `{ sid, exp }`, exp being the row's absolute expiry in milliseconds.
 */
export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  client: { ip?: string; userAgent?: string } = {},
): Promise<NewSession> {
  const sid = randomBytes(32).toString('base64url')
  const now = Date.now()
  const expiresAt = new Date(now + config.sessionAbsoluteHours * 3_600_000)
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      secretHash: sha256Of(sid),
      expiresAt,
      lastSeenAt: new Date(now),
      ip: client.ip ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id })
  if (!row) throw new Error(`Creating a session for user ${userId} returned no row`)
  return { token: encodeAuthToken({ sid, exp: expiresAt.getTime() }), expiresAt, sessionId: row.id }
}

export type ResolvedSession = {
  session: SessionRow
  user: UserRow
  /** The talent list's data version, read in the same round trip (cache/page-cache.ts). */
  dataVersion: number
}

function prepareSessionLookup(db: Db) {
  const talentsVersion = db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, 'talents'))
  return db
    .select({
      session: sessions,
      user: users,
      dataVersion: sql<number>`coalesce((${talentsVersion}), 0)`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.secretHash, sql.placeholder('secretHash')))
    .prepare('scout_resolve_session')
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>()

/**
 * Every signed-in request runs this lookup, so it is built once per database and prepared on the
 * server (named statement on PostgreSQL): no query building or planning per request.
 */
function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db)
  if (!lookup) {
    lookup = prepareSessionLookup(db)
    sessionLookups.set(db, lookup)
  }
  return lookup
}

/**
 * The session and its user (re-read on every request, security rule 9), or undefined when the token
 * is unreadable, unknown, tampered with (exp differs from the row), expired, or idle too long.
 */
export async function resolveSession(
  db: Db,
  config: Config,
  token: string,
): Promise<ResolvedSession | undefined> {
  const payload = decodeAuthToken(token)
  if (!payload) return undefined
  const row = await lookUpSession(db, sha256Of(payload.sid))
  if (!row) return undefined
  const { session } = row
  // Security rule 7: tampering never extends a session; the row decides.
  if (session.expiresAt.getTime() !== payload.exp) return undefined
  const now = Date.now()
  const idleLimit = config.sessionIdleMinutes * 60_000
  if (session.expiresAt.getTime() <= now || now - session.lastSeenAt.getTime() > idleLimit) {
    await deleteSession(db, session.id)
    return undefined
  }
  if (now - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, new Date(now))
  }
  return row
}

/**
 * Records that a session was seen. With the embedded engine's cache, the cache takes the time at
 * once and the request does not wait for the write: there the write waits out any transaction
 * under way (a bulk action of 10,000 talents: ~2.3 s), and each request of the session meanwhile
 * would touch it again. The write is queued at once, ahead of any query asked after it.
 */
async function touchSession(db: Db, sessionId: number, seenAt: Date): Promise<void> {
  const write = db.update(sessions).set({ lastSeenAt: seenAt }).where(eq(sessions.id, sessionId))
  const cache = sessionCacheOf(db)
  if (!cache) {
    await write
    return
  }
  cache.noteSeen(sessionId, seenAt)
  // A failed touch only leaves the row's time older: the touch a minute later writes it again.
  write.then(
    () => undefined,
    () => undefined,
  )
}

/** The row for a secret hash: from the embedded engine's cache when it has one (session-cache.ts). */
async function lookUpSession(db: Db, secretHash: string): Promise<ResolvedSession | undefined> {
  const cache = sessionCacheOf(db)
  const cached = cache?.get(secretHash)
  const dataVersion = cache?.talentsVersion
  if (cached && dataVersion !== undefined) return { ...cached, dataVersion }
  const generation = cache?.generation ?? 0
  const versionGeneration = cache?.versionGeneration ?? 0
  const [row] = await sessionLookup(db).execute({ secretHash })
  if (row && cache) {
    cache.set(secretHash, { session: row.session, user: row.user }, generation)
    cache.noteTalentsVersion(row.dataVersion, versionGeneration)
  }
  return row
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/**
 * Ends every session of a user, or every other one (security rule 3, 9), and every sign-in still
 * waiting for its second factor: an mfaToken proves a password that a reset, a forced
 * or own change, or a deactivation has just taken back.
 */
export async function deleteUserSessions(
  db: Db,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  await deleteUserChallenges(db, userId)
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
}

/**
 * Ends every session of a user, leaving waiting sign-ins alone: the sign-in's enrolment step
 * (security rule 46) spends its own mfaToken after the new factor is bound.
 */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

export type RequestToken = { value: string; via: 'bearer' | 'cookie' }

/** The token from `Authorization: Bearer` first (spec section 7), else the session cookie. */
export function tokenFromRequest(
  request: FastifyRequest,
  cookieName: string,
): RequestToken | undefined {
  const header = request.headers.authorization
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
  if (bearer) return { value: bearer, via: 'bearer' }
  const cookie = request.cookies[cookieName]
  return cookie ? { value: cookie, via: 'cookie' } : undefined
}

type CachedSession = Omit<ResolvedSession, 'dataVersion'>

const caches = new WeakMap<Db, SessionCache<CachedSession>>()

/** Starts caching session lookups on `db`, invalidated by `watch`. Idempotent per database. */
export async function cacheSessionsOn(db: Db, watch: WatchChanges): Promise<void> {
  if (caches.has(db)) return
  const cache = new SessionCache<CachedSession>((entry, sessionId, seenAt) =>
    entry.session.id === sessionId
      ? { ...entry, session: { ...entry.session, lastSeenAt: seenAt } }
      : undefined,
  )
  await watch((payload) => cache.apply(payload))
  caches.set(db, cache)
}

/** The cache of `db`, when it has one (embedded engine behind buildApp). */
function sessionCacheOf(db: Db): SessionCache<CachedSession> | undefined {
  return caches.get(db)
}
