import { sql, type SQLWrapper } from 'drizzle-orm'
import { talents, users } from '../db/schema.ts'

/**
 * Milliseconds in UTC, exactly as Date#toISOString prints them (to_char's MS truncates, as JS does),
 * so the list's JSON equals what toTalent makes of the same row (list.test.ts checks it).
 */
const isoMillis = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * One talent in the API's shape (talentSchema), built as JSON text by the database.
 *
 * Why: at 100,000 talents the list endpoint spent most of its time in JavaScript, not in the
 * database — drizzle mapping 17 columns per row, toTalent, the zod response check and
 * JSON.stringify came to ~2.5 ms of a ~4 ms request (bench/breakdown.ts). The database builds
 * the same JSON in microseconds, so a page is its rows' texts joined. The columns are listed
 * here one by one: only the adder's public fields, never a users row (SECURITY.md 16).
 */
export const talentJsonText = sql<string>`json_build_object(
  'id', ${talents.id},
  'fullName', ${talents.fullName},
  'email', ${talents.email},
  'phone', ${talents.phone},
  'linkedinUrl', ${talents.linkedinUrl},
  'cvResumePath', ${talents.cvResumePath},
  'areaOfInterest', ${talents.areaOfInterest},
  'seniorityLevel', ${talents.seniorityLevel},
  'notes', ${talents.notes},
  'tags', ${talents.tags},
  'status', ${talents.status},
  'addedById', ${talents.addedById},
  'createdAt', ${isoMillis(talents.createdAt)},
  'updatedAt', ${isoMillis(talents.updatedAt)},
  'addedByUser', case when ${users.id} is null then null else json_build_object(
    'firstName', ${users.firstName},
    'lastName', ${users.lastName},
    'email', ${users.email}
  ) end
)::text`
