import type { CountryCode } from 'libphonenumber-js'
import { inArray, sql } from 'drizzle-orm'
import { DUPLICATE_GROUPS_LIMIT, type DuplicateGroups } from '#shared/duplicates.ts'
import type { Actor } from '../db/rows.ts'
import type { Db } from '../db/open.ts'
import { duplicateDismissals } from '../db/duplicate-schema.ts'
import { rawRows } from '../db/raw-rows.ts'
import { talents } from '../db/schema.ts'
import { selectTalents, toTalent } from '../talents/rows.ts'
import { combineHits, isDuplicateReason, type RuleHit } from './confidence.ts'
import { refreshPhoneKeys } from './phone-keys.ts'
import { RULE_SCORES, setNameSimilarity, similarNameScore } from './rules.ts'

/** Pairs one scan reads at most: a pool this duplicated needs merging before more help. */
const MAX_PAIRS = 20_000

/**
 * Every pair of talents a rule joins (the same rules as the check, check.ts), lower id first,
 * without pairs marked 'Not duplicates'. Same e-mail cannot happen: the unique index refuses it.
 * Each rule is a join on an indexed key; the similar-name rule a trigram join within an area.
 */
const pairsQuery = sql`
  WITH pairs AS (
    SELECT a.id AS low, b.id AS high, 'same phone number' AS reason, ${RULE_SCORES.phone}::float8 AS score
    FROM talents a JOIN talents b ON b.phone_e164 = a.phone_e164 AND b.id > a.id
    WHERE a.phone_e164 <> ''
    UNION ALL
    SELECT a.id, b.id, 'same LinkedIn profile', ${RULE_SCORES.linkedin}::float8
    FROM talents a JOIN talents b ON b.linkedin_key = a.linkedin_key AND b.id > a.id
    UNION ALL
    SELECT a.id, b.id, 'same name and e-mail name', ${RULE_SCORES.nameAndEmailName}::float8
    FROM talents a JOIN talents b ON talent_name_key(b.full_name) = talent_name_key(a.full_name)
      AND talent_email_local(b.email) = talent_email_local(a.email) AND b.id > a.id
    UNION ALL
    SELECT a.id, b.id, 'similar name in the same area',
      ${similarNameScore(sql`similarity(a.full_name, b.full_name)`)}
    FROM talents a JOIN talents b ON b.full_name % a.full_name
      AND b.area_of_interest = a.area_of_interest AND b.id > a.id
  )
  SELECT low, high, reason, score FROM pairs p
  WHERE NOT EXISTS (
    SELECT 1 FROM duplicate_dismissals d WHERE d.low_id = p.low AND d.high_id = p.high
  )
  LIMIT ${MAX_PAIRS}`

export type Pair = { low: number; high: number; reason: string; score: number }

/** Every pair a rule joins across the pool (one row per rule that holds), phone keys refreshed first. */
export async function findDuplicatePairs(db: Db, region: CountryCode | undefined): Promise<Pair[]> {
  await refreshPhoneKeys(db, region)
  return db.transaction(async (tx) => {
    await tx.execute(setNameSimilarity)
    return rawRows<Pair>(tx, pairsQuery)
  })
}

/** Union-find over the pairs: each connected set of talents is one group. */
function groupPairs(pairs: Pair[]) {
  const parent = new Map<number, number>()
  const find = (id: number): number => {
    let root = id
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) {
      root = up
    }
    if (root !== id) parent.set(id, root)
    return root
  }
  for (const { low, high } of pairs) {
    const a = find(low)
    const b = find(high)
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b))
  }
  const hitsByPair = new Map<string, RuleHit[]>()
  for (const pair of pairs) {
    if (!isDuplicateReason(pair.reason)) continue
    const key = `${pair.low}:${pair.high}`
    hitsByPair.set(key, [
      ...(hitsByPair.get(key) ?? []),
      { reason: pair.reason, score: pair.score },
    ])
  }
  const groups = new Map<number, { ids: Set<number>; pairs: RuleHit[][] }>()
  for (const [key, hits] of hitsByPair) {
    const [low = 0, high = 0] = key.split(':').map(Number)
    const root = find(low)
    const group = groups.get(root) ?? { ids: new Set<number>(), pairs: [] }
    group.ids.add(low).add(high)
    group.pairs.push(hits)
    groups.set(root, group)
  }
  return [...groups.values()]
    .map(({ ids, pairs: groupHits }) => {
      // The group is as likely as its strongest pair; its reasons are every pair's.
      const combined = groupHits.map(combineHits)
      const confidence = Math.max(...combined.map((c) => c.confidence))
      const reasons = combineHits(groupHits.flat()).reasons
      return { ids: [...ids].sort((a, b) => a - b), confidence, reasons }
    })
    .sort((a, b) => b.confidence - a.confidence || (a.ids[0] ?? 0) - (b.ids[0] ?? 0))
}

/**
 * GET /api/duplicates (issue 19 item 2): groups of likely duplicates across the pool, strongest
 * first, without pairs someone marked 'Not duplicates'. `total` counts every group; the first
 * DUPLICATE_GROUPS_LIMIT come with their talents.
 */
export async function findDuplicateGroups(
  db: Db,
  region: CountryCode | undefined,
): Promise<DuplicateGroups> {
  const groups = groupPairs(await findDuplicatePairs(db, region))
  const shown = groups.slice(0, DUPLICATE_GROUPS_LIMIT)
  const ids = shown.flatMap((group) => group.ids)
  const rows = ids.length === 0 ? [] : await selectTalents(db).where(inArray(talents.id, ids))
  const byId = new Map(rows.map((row) => [row.id, toTalent(row)]))
  return {
    total: groups.length,
    groups: shown.map(({ ids: groupIds, confidence, reasons }) => ({
      talents: groupIds.flatMap((id) => {
        const talent = byId.get(id)
        return talent ? [talent] : []
      }),
      confidence,
      reasons,
    })),
  }
}

/**
 * POST /api/duplicates/dismiss: 'Not duplicates' for every pair among `ids`, remembered so the
 * pairs do not come back. Saying it twice is no error.
 */
export async function dismissDuplicates(
  db: Db,
  ids: number[],
  actor: Actor,
): Promise<{ dismissed: number }> {
  const sorted = [...ids].sort((a, b) => a - b)
  const rows = sorted.flatMap((low, i) =>
    sorted.slice(i + 1).map((high) => ({ lowId: low, highId: high, dismissedById: actor.id })),
  )
  await db.insert(duplicateDismissals).values(rows).onConflictDoNothing()
  return { dismissed: rows.length }
}
