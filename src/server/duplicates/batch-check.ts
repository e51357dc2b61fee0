import type { CountryCode } from 'libphonenumber-js'
import { sql } from 'drizzle-orm'
import type { DuplicateReason } from '#shared/duplicates.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { MAX_CANDIDATES } from './check.ts'
import { combineHits, isDuplicateReason, type RuleHit } from './confidence.ts'
import { probeFields, ruleQueries, type DuplicateRule, type Probe } from './rules.ts'
import { allowLongStatements } from '../db/long-statements.ts'

/** A row of a file that would add a talent: what the rules read of it. */
export type RowToCheck = {
  row: number
  email: string
  phone?: string | null
  linkedinUrl?: string | null
  fullName: string
  areaOfInterest: string
}

/** A talent of the pool that a row likely is, with why. */
export type RowCandidate = {
  talentId: number
  fullName: string
  confidence: number
  reasons: DuplicateReason[]
}

/**
 * Every rule but the same e-mail: a row with a talent's e-mail updates that talent,
 * so it never adds one.
 */
const ROW_RULES: readonly DuplicateRule[] = ['phone', 'linkedin', 'nameAndEmailName', 'similarName']

/** The rules read each row's fields as columns of the batch. */
const ROW_PROBE: Probe = {
  email: sql`p.email`,
  e164: sql`p.e164`,
  linkedinUrl: sql`p.linkedin_url`,
  fullName: sql`p.full_name`,
  similarName: sql`p.similar_name`,
  areaOfInterest: sql`p.area_of_interest`,
}

type Hit = { line: number; id: number; full_name: string; reason: string; score: number }

/**
 * For a spreadsheet import's dry run, the talents each row of a batch likely is, by the
 * check's own rules (rules.ts), strongest first, at most MAX_CANDIDATES a row. One statement for
 * the whole batch, each rule an index lookup per row, so a 100,000-row dry run stays in budget.
 * Phone keys must be fresh (refreshPhoneKeys) before the first batch. Rows with no likely
 * duplicate are not in the answer.
 */
export async function duplicatesOfRows(
  db: Db,
  rows: readonly RowToCheck[],
  region: CountryCode | undefined,
): Promise<Map<number, RowCandidate[]>> {
  if (rows.length === 0) return new Map()
  const probes = rows.map((row) => {
    const fields = probeFields(row, region)
    return {
      line: row.row,
      email: fields.email,
      e164: fields.e164,
      linkedin_url: fields.linkedinUrl,
      full_name: fields.fullName,
      similar_name: fields.similarName,
      area_of_interest: fields.areaOfInterest,
    }
  })
  const hits = await db.transaction(async (tx) => {
    await allowLongStatements(tx) // security rule 43: past a request's limit
    // A batch's estimate passes jit_above_cost (the planner cannot know each lookup finds a row
    // or none); compiling it cost more than the lookups (see scan.ts).
    await tx.execute(sql`SET LOCAL jit = off`)
    // One JSON parameter: drizzle would spread a JS array into a list of parameters.
    return rawRows<Hit>(
      tx,
      sql`SELECT hits.line, hits.id, t.full_name, hits.reason, hits.score
      FROM (
        SELECT p.line, h.id, h.reason, h.score
        FROM json_to_recordset(${JSON.stringify(probes)}::json) AS p(
          line int, email text, e164 text, linkedin_url text, full_name text,
          similar_name text, area_of_interest text)
        CROSS JOIN LATERAL (${sql.join(ruleQueries(ROW_PROBE, ROW_RULES), sql` UNION ALL `)}) h
      ) hits
      JOIN talents t ON t.id = hits.id`,
    )
  })
  return rankedByRow(hits)
}

function rankedByRow(hits: Hit[]): Map<number, RowCandidate[]> {
  const byRow = new Map<number, Map<number, { fullName: string; hits: RuleHit[] }>>()
  for (const hit of hits) {
    if (!isDuplicateReason(hit.reason)) continue
    const talents = byRow.get(hit.line) ?? new Map<number, { fullName: string; hits: RuleHit[] }>()
    const talent = talents.get(hit.id) ?? { fullName: hit.full_name, hits: [] }
    talent.hits.push({ reason: hit.reason, score: hit.score })
    talents.set(hit.id, talent)
    byRow.set(hit.line, talents)
  }
  const ranked = new Map<number, RowCandidate[]>()
  for (const [row, talents] of byRow) {
    const candidates = [...talents.entries()]
      .map(([talentId, { fullName, hits: held }]) => ({ talentId, fullName, ...combineHits(held) }))
      .sort((a, b) => b.confidence - a.confidence || a.talentId - b.talentId)
      .slice(0, MAX_CANDIDATES)
    ranked.set(row, candidates)
  }
  return ranked
}
