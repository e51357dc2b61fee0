import { sql, type SQLWrapper } from 'drizzle-orm'
import { currentCvJson } from '../cvs/cv-json.ts'
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
 * Why: mapping rows to JSON in JavaScript was most of the list's time; a page is its rows' texts
 * joined (docs/decisions/003-json-built-in-sql.md). Only the adder's public fields, never a users
 * row (security rule 16).
 */
export const talentJsonText = talentJson(undefined)

/**
 * Security rule 65: the private custom fields a caller may not see. Dropped from every talent's
 * JSON except on the talents the caller added (admins get no hiding).
 */
export type FieldHiding = { viewerId: number; keys: string[] }

/** A key for caches: pages built with different hiding are different pages. */
export const hidingKey = (hiding: FieldHiding | undefined) =>
  hiding ? `|hide:${hiding.viewerId}:${hiding.keys.join(',')}` : ''

function customFieldsJson(hiding: FieldHiding | undefined) {
  if (!hiding || hiding.keys.length === 0) return sql`${talents.customFields}`
  const keys = JSON.stringify(hiding.keys)
  return sql`case when ${talents.addedById} = ${hiding.viewerId} then ${talents.customFields}
    else ${talents.customFields} - array(select jsonb_array_elements_text(${keys}::jsonb)) end`
}

/** talentJsonText with the caller's hiding of private fields. */
export function talentJson(hiding: FieldHiding | undefined) {
  return sql<string>`json_build_object(
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
    'email', ${users.email},
    'isDefaultAdmin', ${users.isDefaultAdmin}
  ) end,
  'cv', ${currentCvJson},
  'customFields', ${customFieldsJson(hiding)}
)::text`
}
