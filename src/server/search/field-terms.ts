import { arrayContains, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { CONSENT_EXPIRING_DAYS } from '#shared/privacy.ts'
import type { ConsentValue } from '#shared/search/search-fields.ts'
import type { FieldTerm } from '#shared/search/parse-query.ts'
import { tags, talents, users } from '../db/schema.ts'
import { talentCvs } from '../db/file-schema.ts'
import { customCondition } from './custom-field-sql.ts'

/**
 * `tag:` takes any spelling of a tag's name (search-fields.ts): the tags table's unique
 * lower(name) index finds the stored spelling, and `&&` on the talents' GIN index does the rest.
 * The typed value itself is in the array too, for a name on talents the tags table lacks.
 */
function tagCondition(value: string): SQL {
  const stored = sql`(select ${tags.name} from ${tags} where lower(${tags.name}) = lower(${value}))`
  return sql`${talents.tags} && array[${value}::text, ${stored}]`
}

/**
 * `addedby:` is a user's e-mail, the part before its @, first name, last name or full name, in
 * any case. The users table is small; the matching ids then use the added_by_id index.
 */
function addedByCondition(value: string): SQL {
  const typed = sql`lower(${value})`
  const matches = sql`lower(${users.email}) = ${typed}
    or split_part(lower(${users.email}), '@', 1) = ${typed}
    or lower(${users.firstName}) = ${typed}
    or lower(${users.lastName}) = ${typed}
    or lower(concat_ws(' ', ${users.firstName}, ${users.lastName})) = ${typed}`
  return sql`${talents.addedById} in (select ${users.id} from ${users} where ${matches})`
}

/**
 * Security rule 49: consent that ran out (valid until before today) or runs out within
 * CONSENT_EXPIRING_DAYS, on the basis consent only; the partial index on consent_valid_until
 * (schema.ts) serves both. Days are the database's current_date.
 */
export function consentCondition(value: ConsentValue): SQL {
  const consent = sql`${talents.lawfulBasis} = 'consent'`
  if (value === 'expired') return sql`(${consent} and ${talents.consentValidUntil} < current_date)`
  return sql`(${consent} and ${talents.consentValidUntil} >= current_date
    and ${talents.consentValidUntil} <= current_date + ${CONSENT_EXPIRING_DAYS}::integer)`
}

/**
 * A field term of the search box as SQL: the same conditions (and indexes) as the filter panel's
 * parameters (talents/where.ts), so `level:senior` and `seniorityLevel=senior` agree.
 */
export function fieldTermCondition(term: FieldTerm): SQL {
  switch (term.field) {
    case 'area':
      return eq(talents.areaOfInterest, term.value)
    case 'level':
      return eq(talents.seniorityLevel, term.value)
    case 'status':
      return arrayContains(talents.status, [term.value])
    case 'tag':
      return tagCondition(term.value)
    case 'addedby':
      return addedByCondition(term.value)
    case 'has':
      return sql`exists (select 1 from ${talentCvs} where ${talentCvs.talentId} = ${talents.id})`
    case 'consent':
      return consentCondition(term.value)
    case 'informed':
      return term.value === 'no' ? isNull(talents.informedOn) : isNotNull(talents.informedOn)
    case 'source':
      return eq(talents.privacySource, term.value)
    case 'custom':
      return customCondition(term.condition)
  }
}
