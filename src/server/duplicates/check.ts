import type { CountryCode } from 'libphonenumber-js'
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { DuplicateCandidate, DuplicateCheckQuery } from '#shared/duplicates.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { talents } from '../db/schema.ts'
import { selectTalents, toTalent } from '../talents/rows.ts'
import { combineHits, isDuplicateReason, type RuleHit } from './confidence.ts'
import { refreshPhoneKeysWithin } from './phone-keys.ts'
import { probeFields, ruleQueries, rulesFor, type Probe } from './rules.ts'

/** Most candidates the form shows (and an import's dry run, per row). */
export const MAX_CANDIDATES = 5

/**
 * How long the check waits for phone keys to be filled. A few new rows take milliseconds; a
 * backlog (the first start after a seed or an upgrade) takes minutes, and a form cannot wait.
 */
const KEYS_WAIT_MS = 250

/** Every rule's hits as one statement (undefined when the form holds nothing a rule reads). */
export function checkQuery(
  query: DuplicateCheckQuery,
  region: CountryCode | undefined,
): SQL | undefined {
  const fields = probeFields(query, region)
  const rules = rulesFor(fields)
  if (rules.length === 0) return undefined
  const probe: Probe = {
    email: sql`${fields.email}`,
    e164: sql`${fields.e164}`,
    linkedinUrl: sql`${fields.linkedinUrl}`,
    fullName: sql`${fields.fullName}`,
    similarName: sql`${fields.similarName}`,
    areaOfInterest: sql`${fields.areaOfInterest}`,
  }
  const exclude = query.excludeId ?? 0
  return sql`SELECT id, reason, score FROM (${sql.join(ruleQueries(probe, rules), sql` UNION ALL `)}) hits WHERE id <> ${exclude}`
}

/**
 * GET /api/talents/duplicates: talents that are likely the one being typed, strongest first, each
 * with its confidence and reasons. Every rule is an index lookup (migrations
 * 0014 and 0018), so it keeps up with typing at 100,000 talents.
 */
export async function checkDuplicates(
  db: Db,
  query: DuplicateCheckQuery,
  region: CountryCode | undefined,
): Promise<DuplicateCandidate[]> {
  await refreshPhoneKeysWithin(db, region, KEYS_WAIT_MS)
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
