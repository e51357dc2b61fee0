import { and, desc, eq, ne } from 'drizzle-orm'
import type { SessionInfo } from '#shared/mfa.ts'
import type { Db } from '../db/open.ts'
import { sessions } from '../db/schema.ts'
import { NotFoundError } from '../errors.ts'

export const SESSION_NOT_FOUND = 'That session has already ended.'

// Order matters: Edge and Opera carry "Chrome" too, Chrome carries "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/HeadlessChrome/, 'Chrome'],
]
const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** Browser and OS as a person names them, read from the user agent; 'Unknown' when unsure. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  const ua = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown browser'
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown system'
  return { browser, os }
}

/** GET /api/auth/sessions: the person's own signed-in sessions, most recently active first. */
export async function listOwnSessions(
  db: Db,
  userId: number,
  currentSessionId: number,
): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
  const now = Date.now()
  return rows
    .filter((row) => row.expiresAt.getTime() > now)
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      ip: row.ip,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastSeenAt.toISOString(),
      current: row.id === currentSessionId,
    }))
}

/** DELETE /api/auth/sessions/:id: only the person's own session; another's is "not found". */
export async function endOwnSession(db: Db, userId: number, sessionId: number): Promise<void> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
  if (rows.length === 0) throw new NotFoundError(SESSION_NOT_FOUND)
}

/** DELETE /api/auth/sessions?others=1: every session of the person but this one. */
export async function endOtherSessions(db: Db, userId: number, keep: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id })
  return rows.length
}
