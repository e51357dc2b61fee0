import { desc, eq, lt } from 'drizzle-orm'
import { z } from 'zod'
import {
  privacyEventDetailsSchema,
  type PrivacyLogEntry,
  type PrivacyLogQuery,
} from '#shared/privacy-log.ts'
import type { Db } from '../../db/open.ts'
import { privacyLog } from '../../db/privacy-log-schema.ts'
import { users } from '../../db/schema.ts'

/** Details as read back: keys this Scout does not know (a newer one wrote them) are dropped. */
const storedDetails = z.object(privacyEventDetailsSchema.shape).catch({})

export type PrivacyLogPage = { entries: PrivacyLogEntry[]; nextCursor: number | undefined }

/**
 * A page of the privacy log, newest first (by id: ids are handed out in the order entries are
 * written). Keyset paging on the primary key: a deep page costs what the first costs.
 */
export async function privacyLogPage(
  db: Db,
  { limit, cursor }: Pick<PrivacyLogQuery, 'limit' | 'cursor'>,
): Promise<PrivacyLogPage> {
  const rows = await db
    .select({
      id: privacyLog.id,
      createdAt: privacyLog.createdAt,
      kind: privacyLog.kind,
      talentId: privacyLog.talentId,
      count: privacyLog.count,
      details: privacyLog.details,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
    })
    .from(privacyLog)
    .leftJoin(users, eq(users.id, privacyLog.actorId))
    .where(cursor === undefined ? undefined : lt(privacyLog.id, cursor))
    .orderBy(desc(privacyLog.id))
    .limit(limit + 1)
  const entries = rows.slice(0, limit).map((row): PrivacyLogEntry => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    actor:
      row.actorId === null || row.actorEmail === null
        ? null
        : {
            id: row.actorId,
            firstName: row.actorFirstName,
            lastName: row.actorLastName,
            email: row.actorEmail,
          },
    talentId: row.talentId,
    count: row.count,
    details: storedDetails.parse(row.details),
  }))
  const last = entries.at(-1)
  return { entries, nextCursor: rows.length > limit && last ? last.id : undefined }
}

/** Entries read per query when the whole log is written out as CSV. */
const CSV_BATCH = 500

/** The whole log, newest first, a batch at a time (the CSV export). */
export async function* privacyLogBatches(db: Db): AsyncGenerator<PrivacyLogEntry[]> {
  let cursor: number | undefined
  for (;;) {
    const page = await privacyLogPage(db, { limit: CSV_BATCH, cursor })
    if (page.entries.length > 0) yield page.entries
    if (page.nextCursor === undefined) return
    cursor = page.nextCursor
  }
}
