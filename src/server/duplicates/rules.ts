import type { CountryCode } from 'libphonenumber-js'
import { sql, type SQL } from 'drizzle-orm'
import { phoneE164 } from './phone-keys.ts'

/*
 * The duplicate rules as SQL, shared by the check while typing (check.ts), an
 * import's dry run (batch-check.ts) and the whole-pool scan (scan.ts), so all judge alike. Keys
 * come from migration 0014: phone_e164, linkedin_key, talent_name_key(), talent_email_local().
 * Weights are each rule's confidence.
 */
export const RULE_SCORES = {
  email: 1,
  phone: 0.95,
  linkedin: 0.95,
  nameAndEmailName: 0.85,
} as const

/**
 * pg_trgm similarity two names need to count as "very similar" (see similarNameScore), among
 * talents of the same area that share a word and an initial (talent_name_blocks, migration 0025;
 * kept in name_blocks, 0028).
 */
export const NAME_SIMILARITY = 0.6

/** A name this short matches too much to mean anything by similarity. */
const MIN_SIMILAR_NAME = 4

/** 0.68 for just similar enough, 0.8 for the same name: weaker than any exact key. */
export function similarNameScore(similarity: SQL): SQL {
  return sql`(0.5 + 0.3 * ${similarity})::float8`
}

export const DUPLICATE_RULES = [
  'email',
  'phone',
  'linkedin',
  'nameAndEmailName',
  'similarName',
] as const
export type DuplicateRule = (typeof DUPLICATE_RULES)[number]

/** What is known of the person being checked, as the rules read it; null: nothing to compare. */
export type ProbeFields = {
  /** A whole address (a half-typed one has no @ yet). */
  email: string | null
  e164: string | null
  linkedinUrl: string | null
  fullName: string | null
  /** The name the similar-name rule compares: only one long enough, and only with an area. */
  similarName: string | null
  areaOfInterest: string | null
}

type ProbeInput = {
  email?: string | null
  phone?: string | null
  linkedinUrl?: string | null
  fullName?: string | null
  areaOfInterest?: string | null
}

/** '' is nothing typed yet: nothing to compare. */
const present = (value: string | null | undefined) =>
  value === undefined || value === '' ? null : value

/** A form's fields or a spreadsheet row as the rules read them (phones in E.164). */
export function probeFields(input: ProbeInput, region: CountryCode | undefined): ProbeFields {
  const fullName = present(input.fullName)
  const areaOfInterest = present(input.areaOfInterest)
  const isSimilarNameUsable = (fullName?.length ?? 0) >= MIN_SIMILAR_NAME && areaOfInterest
  return {
    email: input.email?.includes('@') ? input.email : null,
    e164: present(input.phone ? phoneE164(input.phone, region) : null),
    linkedinUrl: present(input.linkedinUrl),
    fullName,
    similarName: isSimilarNameUsable ? fullName : null,
    areaOfInterest,
  }
}

/** The rules that can hold for these fields: the check sends only these to the database. */
export function rulesFor(fields: ProbeFields): DuplicateRule[] {
  const holds: Record<DuplicateRule, boolean> = {
    email: fields.email !== null,
    phone: fields.e164 !== null,
    linkedin: fields.linkedinUrl !== null,
    nameAndEmailName: fields.fullName !== null && (fields.email ?? fields.e164) !== null,
    similarName: fields.similarName !== null,
  }
  return DUPLICATE_RULES.filter((rule) => holds[rule])
}

/**
 * The probe's fields as SQL values: bound parameters (the form's check) or the columns of a batch
 * of rows (an import's dry run). A NULL matches no rule.
 */
export type Probe = Record<keyof ProbeFields, SQL>

/**
 * Each rule as `SELECT id, reason, score FROM talents …`, an index lookup per rule (migrations
 * 0014 and 0018), for one probe.
 */
export function ruleQueries(probe: Probe, rules: readonly DuplicateRule[]): SQL[] {
  const samePhone = sql`(phone_e164 = ${probe.e164} AND phone_e164 <> '')`
  const queries: Record<DuplicateRule, () => SQL> = {
    email: () => sql`SELECT id, 'same e-mail' AS reason, ${RULE_SCORES.email}::float8 AS score
      FROM talents WHERE lower(email) = lower(${probe.email})`,
    phone: () => sql`SELECT id, 'same phone number' AS reason, ${RULE_SCORES.phone}::float8 AS score
      FROM talents WHERE ${samePhone}`,
    linkedin:
      () => sql`SELECT id, 'same LinkedIn profile' AS reason, ${RULE_SCORES.linkedin}::float8 AS score
      FROM talents WHERE linkedin_key = talent_linkedin_key(${probe.linkedinUrl})`,
    nameAndEmailName: () => sql`SELECT id, 'same name and e-mail name' AS reason,
        ${RULE_SCORES.nameAndEmailName}::float8 AS score
      FROM talents WHERE talent_name_key(full_name) = talent_name_key(${probe.fullName})
        AND (talent_email_local(email) = talent_email_local(${probe.email}) OR ${samePhone})`,
    // Talents sharing a block of the name (name_blocks, migrations 0025 and 0028), then the
    // whole names compared. OFFSET 0: alone, the planner may AND the area btree in.
    similarName: () => sql`SELECT id, 'similar name in the same area' AS reason,
        ${similarNameScore(sql`similarity(full_name, ${probe.similarName})`)} AS score
      FROM (
        SELECT id, full_name, area_of_interest FROM talents
        WHERE id IN (SELECT talent_id FROM name_blocks WHERE block
          = ANY(talent_name_blocks(${probe.areaOfInterest}, ${probe.similarName}))) OFFSET 0
      ) named
      WHERE area_of_interest = ${probe.areaOfInterest}
        AND similarity(full_name, ${probe.similarName}) >= ${NAME_SIMILARITY}`,
  }
  return rules.map((rule) => queries[rule]())
}
