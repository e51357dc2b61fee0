import { asc } from 'drizzle-orm'
import type { Db } from '#server/db/open.ts'
import { privacyLog } from '#server/db/privacy-log-schema.ts'

/** Test-only: every privacy log row as stored, oldest first, without timestamps. */
export async function privacyLogRows(db: Db) {
  return db
    .select({
      kind: privacyLog.kind,
      actorId: privacyLog.actorId,
      talentId: privacyLog.talentId,
      count: privacyLog.count,
      details: privacyLog.details,
    })
    .from(privacyLog)
    .orderBy(asc(privacyLog.id))
}

/** Every stored row as one text (each column's value), to search for what must never be there. */
export async function privacyLogText(db: Db): Promise<string> {
  const rows = await db.select().from(privacyLog)
  return JSON.stringify(rows)
}
