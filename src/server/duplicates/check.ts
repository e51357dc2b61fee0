import type { CountryCode } from 'libphonenumber-js'
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { DuplicateCandidate, DuplicateCheckQuery } from '#shared/duplicates.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { talents } from '../db/schema.ts'
import { selectTalents, toTalent } from '../talents/rows.ts'
import { combineHits, isDuplicateReason, type RuleHit } from './confidence.ts'
import { phoneE164, refreshPhoneKeys } from './phone-keys.ts'
import { NAME_SIMILARITY, RULE_SCORES, similarNameScore } from './rules.ts'

/** Most candidates the form shows. */
const MAX_CANDIDATES = 5
/** A name this short matches too much to mean anything by similarity. */
const MIN_SIMILAR_NAME = 4

function ruleQueries(query: DuplicateCheckQuery, e164: string): SQL[] {
  const { email, linkedinUrl, fullName, areaOfInterest } = query
  const rules: SQL[] = []
  const fullEmail = email?.includes('@') ? email : undefined
  if (fullEmail) {
    rules.push(sql`SELECT id, 'same e-mail' AS reason, ${RULE_SCORES.email}::float8 AS score
      FROM talents WHERE lower(email) = lower(${fullEmail})`)
  }
  if (e164) {
    rules.push(sql`SELECT id, 'same phone number' AS reason, ${RULE_SCORES.phone}::float8 AS score
      FROM talents WHERE phone_e164 = ${e164} AND phone_e164 <> ''`)
  }
  if (linkedinUrl) {
    rules.push(sql`SELECT id, 'same LinkedIn profile' AS reason, ${RULE_SCORES.linkedin}::float8 AS score
      FROM talents WHERE linkedin_key = talent_linkedin_key(${linkedinUrl})`)
  }
  if (fullName && (fullEmail ?? e164)) {
    const sameLocal = fullEmail
      ? sql`talent_email_local(email) = talent_email_local(${fullEmail})`
      : sql`false`
    const samePhone = e164 ? sql`phone_e164 = ${e164}` : sql`false`
    rules.push(sql`SELECT id, 'same name and e-mail name' AS reason, ${RULE_SCORES.nameAndEmailName}::float8 AS score
      FROM talents WHERE talent_name_key(full_name) = talent_name_key(${fullName})
        AND (${sameLocal} OR ${samePhone})`)
  }
  if (fullName && fullName.length >= MIN_SIMILAR_NAME && areaOfInterest) {
    // Talents sharing a word of the name (GIN, migration 0018), then the whole names compared.
    // OFFSET 0: alone, the planner ANDs the area btree (a quarter of the pool) into the bitmap.
    rules.push(sql`SELECT id, 'similar name in the same area' AS reason,
        ${similarNameScore(sql`similarity(full_name, ${fullName})`)} AS score
      FROM (
        SELECT id, full_name, area_of_interest FROM talents
        WHERE talent_name_tokens(full_name) && talent_name_tokens(${fullName}) OFFSET 0
      ) named
      WHERE area_of_interest = ${areaOfInterest}
        AND similarity(full_name, ${fullName}) >= ${NAME_SIMILARITY}`)
  }
  return rules
}

/** Every rule's hits as one statement (undefined when the form holds nothing a rule reads). */
export function checkQuery(
  query: DuplicateCheckQuery,
  region: CountryCode | undefined,
): SQL | undefined {
  const e164 = query.phone ? phoneE164(query.phone, region) : ''
  const rules = ruleQueries(query, e164)
  if (rules.length === 0) return undefined
  const exclude = query.excludeId ?? 0
  return sql`SELECT id, reason, score FROM (${sql.join(rules, sql` UNION ALL `)}) hits WHERE id <> ${exclude}`
}

/**
 * GET /api/talents/duplicates: talents that are likely the one being typed, strongest first, each
 * with its confidence and reasons (issue 19 item 1). Every rule is an index lookup (migrations
 * 0014 and 0018), so it keeps up with typing at 100,000 talents.
 */
export async function checkDuplicates(
  db: Db,
  query: DuplicateCheckQuery,
  region: CountryCode | undefined,
): Promise<DuplicateCandidate[]> {
  await refreshPhoneKeys(db, region)
  const hitsQuery = checkQuery(query, region)
  if (!hitsQuery) return []
  const rows = await rawRows<{ id: number; reason: string; score: number }>(db, hitsQuery)
  const hitsById = new Map<number, RuleHit[]>()
  for (const row of rows) {
    if (!isDuplicateReason(row.reason)) continue
    const hits = hitsById.get(row.id) ?? []
    hits.push({ reason: row.reason, score: row.score })
    hitsById.set(row.id, hits)
  }
  const ranked = [...hitsById.entries()]
    .map(([id, hits]) => ({ id, ...combineHits(hits) }))
    .sort((a, b) => b.confidence - a.confidence || a.id - b.id)
    .slice(0, MAX_CANDIDATES)
  if (ranked.length === 0) return []
  const found = await selectTalents(db).where(
    inArray(
      talents.id,
      ranked.map((candidate) => candidate.id),
    ),
  )
  const byId = new Map(found.map((row) => [row.id, toTalent(row)]))
  return ranked.flatMap(({ id, confidence, reasons }) => {
    const talent = byId.get(id)
    return talent ? [{ talent, confidence, reasons }] : []
  })
}
