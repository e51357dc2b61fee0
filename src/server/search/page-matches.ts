import { desc, eq, inArray, sql } from 'drizzle-orm'
import {
  bestFieldHits,
  matchOf,
  type FieldHits,
  type FieldText,
} from '#shared/search/best-match.ts'
import { termMatchers, type TextTerm } from '#shared/search/find-hits.ts'
import type { TalentMatch } from '#shared/search/talent-match.ts'
import { talentSchema } from '#shared/talent.ts'
import type { Db } from '../db/open.ts'
import { files, talentCvs } from '../db/file-schema.ts'

/**
 * How much of a CV's text its snippet is looked for in: enough for a few pages. A hit further in
 * explains nothing (match null).
 */
export const CV_SNIPPET_CHARS = 20_000
/**
 * And at most this much CV text for one query's rows, shared among them (a long bare list reads
 * ~400 rows per query): security rule 31, no request holds the event loop — on PGlite the database
 * is on it — for long, whatever the page's size.
 */
export const CV_SNIPPET_CHARS_PER_QUERY = 1_000_000

/** The fields of a row's JSON a match is looked for in (talent-json.ts built it). */
const rowFieldsSchema = talentSchema.pick({
  fullName: true,
  email: true,
  phone: true,
  linkedinUrl: true,
  areaOfInterest: true,
  seniorityLevel: true,
  notes: true,
  tags: true,
  status: true,
})

/** A talent's own fields, best-ranked first (the document's weights, migration 0012). */
function ownFields(json: string): FieldText[] {
  const row = rowFieldsSchema.parse(JSON.parse(json))
  return [
    { field: 'name', text: row.fullName },
    { field: 'email', text: row.email },
    { field: 'tags', text: row.tags.join(', ') },
    { field: 'status', text: row.status.join(', ') },
    { field: 'area', text: row.areaOfInterest },
    { field: 'level', text: row.seniorityLevel },
    { field: 'notes', text: row.notes },
    { field: 'phone', text: row.phone },
    { field: 'links', text: row.linkedinUrl },
  ]
}

/** The start of each talent's current CV text, for those that have one read. */
async function cvTexts(db: Db, talentIds: number[]): Promise<Map<number, string>> {
  if (talentIds.length === 0) return new Map()
  const perRow = Math.min(
    CV_SNIPPET_CHARS,
    Math.floor(CV_SNIPPET_CHARS_PER_QUERY / talentIds.length),
  )
  const rows = await db
    .selectDistinctOn([talentCvs.talentId], {
      talentId: talentCvs.talentId,
      text: sql<string | null>`left(${files.text}, ${perRow})`,
    })
    .from(talentCvs)
    .innerJoin(files, eq(files.sha256, talentCvs.sha256))
    .where(inArray(talentCvs.talentId, talentIds))
    .orderBy(talentCvs.talentId, desc(talentCvs.id))
  return new Map(rows.flatMap((row) => (row.text === null ? [] : [[row.talentId, row.text]])))
}

/** A row's JSON (an object the database built) with `match` added as its last field. */
export function withMatch(json: string, match: TalentMatch | null): string {
  return `${json.slice(0, -1)},"match":${JSON.stringify(match)}}`
}

/**
 * The page's items with `match`, worked out in TypeScript from the page's own rows:
 * ts_headline re-parses whole documents (slow on long CVs) and would run for every match, not
 * just the page. A CV is read (its first CV_SNIPPET_CHARS, less on long pages) only for the rows
 * whose own fields do not already show every word.
 */
export async function itemsWithMatches(
  db: Db,
  terms: TextTerm[],
  rows: { id: number; json: string }[],
): Promise<string[]> {
  if (terms.length === 0) return rows.map((row) => withMatch(row.json, null))
  const matchers = termMatchers(terms)
  const own = rows.map((row) => bestFieldHits(ownFields(row.json), matchers))
  const partial = rows.filter((_, i) => (own[i]?.termsHit ?? 0) < terms.length)
  const cvs = await cvTexts(
    db,
    partial.map((row) => row.id),
  )
  return rows.map((row, i) => {
    let best: FieldHits | undefined = own[i]
    const cv = cvs.get(row.id)
    if (cv !== undefined) {
      const inCv = bestFieldHits([{ field: 'cv', text: cv }], matchers)
      if (inCv && inCv.termsHit > (best?.termsHit ?? 0)) best = inCv
    }
    return withMatch(row.json, best ? matchOf(best) : null)
  })
}
