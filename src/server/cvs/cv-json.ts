import { sql, type SQLWrapper } from 'drizzle-orm'
import type { CvSummary } from '#shared/cv.ts'
import { talents } from '../db/schema.ts'

/** Milliseconds in UTC, as Date#toISOString prints them (talents/talent-json.ts does the same). */
const isoMillis = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The talent's current CV as JSON (cvSummarySchema), or null: one index probe on
 * talent_cvs (talent_id, id) per talent, so a page of the list stays a single query.
 */
export const currentCvJson = sql<CvSummary | null>`(
  select json_build_object(
    'fileName', c.file_name,
    'sizeBytes', f.size_bytes,
    'uploadedAt', ${isoMillis(sql`c.created_at`)},
    'textStatus', f.text_status
  )
  from talent_cvs c join files f on f.sha256 = c.sha256
  where c.talent_id = ${talents.id}
  order by c.id desc
  limit 1
)`
