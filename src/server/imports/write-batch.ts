import { defaultPrivacyRecord, IMPORT_DEFAULT_SOURCE } from '#shared/privacy.ts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { chunksOf } from '#shared/chunks.ts'
import type { ImportMapping } from '#shared/imports/import-api.ts'
import { recordActivities } from '../audit/record.ts'
import {
  recordTalentUpdates,
  stampUpdatedTalents,
  type RestorableColumn,
} from '../changes/talent-images.ts'
import type { Db } from '../db/open.ts'
import { phoneE164 } from '../duplicates/phone-keys.ts'
import { rawRows } from '../db/raw-rows.ts'
import type { Actor } from '../db/rows.ts'
import { talents } from '../db/schema.ts'
import { ensureTags } from '../tags/service.ts'
import type { RowPlan, TalentChanges } from './plan-rows.ts'

/*
 * One batch of a spreadsheet import written (run-job.ts calls it inside the batch's transaction):
 * new talents in one statement with their change-set rows and History, updates with their
 * before-images, and the tags the file names.
 */

/** A History entry names the import that wrote it. */
export type ImportSource = { importId: number; fileName: string }

const COLUMN_OF: Record<keyof TalentChanges, RestorableColumn> = {
  fullName: 'full_name',
  phone: 'phone',
  linkedinUrl: 'linkedin_url',
  cvResumePath: 'cv_resume_path',
  areaOfInterest: 'area_of_interest',
  seniorityLevel: 'seniority_level',
  notes: 'notes',
  tags: 'tags',
  status: 'status',
}

export type BatchContext = {
  actor: Actor
  changeSetId: number
  source: ImportSource
  mapping: ImportMapping
  /** DEFAULT_PHONE_REGION: new talents are written with their phone key (phone-keys.ts). */
  phoneRegion: CountryCode | undefined
  /** New talents per INSERT: the whole batch unless set (EMBEDDED_CREATES_PER_STATEMENT). */
  createsPerStatement?: number
  /** The importer confirmed the held rows of erased people: they are written (security rule 63). */
  includeErased?: boolean
}

export async function writeBatch(
  tx: Db,
  plans: RowPlan[],
  context: BatchContext,
): Promise<{ created: number; updated: number; skipped: number; invalid: number }> {
  const creates = plans.flatMap((plan): Extract<RowPlan, { action: 'create' }>[] => {
    if (plan.action === 'create') return [plan]
    if (plan.action === 'held' && context.includeErased === true)
      return [{ row: plan.row, action: 'create', talent: plan.talent }]
    return []
  })
  const updates = plans.flatMap((plan) => (plan.action === 'update' ? [plan] : []))
  const canonicalTag = await tagNames(tx, plans, context.actor)
  const created = await createTalents(tx, creates, canonicalTag, context)
  const updated = await updateTalents(tx, updates, canonicalTag, context)
  return {
    created,
    updated,
    // A row whose talent was added or edited by someone since its plan is left to them: skipped.
    skipped:
      plans.filter((plan) => plan.action === 'skip').length +
      // Held rows of erased people the importer did not confirm (security rule 63).
      (context.includeErased === true ? 0 : plans.filter((plan) => plan.action === 'held').length) +
      (creates.length - created) +
      (updates.length - updated),
    invalid: plans.filter((plan) => plan.action === 'invalid').length,
  }
}

/** New tags named in the file are created, once per batch, as the form does. */
async function tagNames(
  tx: Db,
  plans: RowPlan[],
  actor: Actor,
): Promise<(names: string[]) => string[]> {
  const byKey = new Map<string, string>()
  for (const plan of plans) {
    const names =
      plan.action === 'create'
        ? plan.talent.tags
        : plan.action === 'update'
          ? (plan.changes.tags ?? [])
          : []
    for (const name of names)
      if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name)
  }
  const canonical = await ensureTags(tx, [...byKey.values()], actor)
  const map = new Map(canonical.map((name) => [name.toLowerCase(), name]))
  return (names) => names.map((name) => map.get(name.toLowerCase()) ?? name)
}

const nullable = (value: string | null | undefined) =>
  value === undefined || value === '' ? null : value

/**
 * New talents per statement on the embedded engine, which runs one statement at a time: a list
 * request arriving during a 500-row statement waits for all of it (the list's p99 during an
 * import, docs/performance.md "bench:import"), and only between statements is it served.
 * PostgreSQL, with a backend per connection, takes the whole batch in one statement: there, ten
 * statements (each with its statement triggers) made a large import slower.
 */
export const EMBEDDED_CREATES_PER_STATEMENT = 50

async function createTalents(
  tx: Db,
  creates: Extract<RowPlan, { action: 'create' }>[],
  canonicalTag: (names: string[]) => string[],
  context: BatchContext,
): Promise<number> {
  let created = 0
  for (const part of chunksOf(creates, context.createsPerStatement)) {
    created += await insertTalents(tx, part, canonicalTag, context)
  }
  return created
}

/**
 * New talents, their change-set rows and their History in ONE statement: the rows travel as one
 * jsonb parameter (drizzle building a 500-row INSERT and its two companions was a seventh of an
 * import's CPU). The change-set stamp is each row's updated_at as inserted.
 */
async function insertTalents(
  tx: Db,
  creates: Extract<RowPlan, { action: 'create' }>[],
  canonicalTag: (names: string[]) => string[],
  { actor, changeSetId, source, phoneRegion }: BatchContext,
): Promise<number> {
  const rows = creates.map(({ talent }) => {
    // Security rule 49: the row's record (its columns, else the import's defaults).
    const privacy = talent.privacy ?? defaultPrivacyRecord(IMPORT_DEFAULT_SOURCE)
    return {
      full_name: talent.fullName,
      email: talent.email,
      phone: nullable(talent.phone),
      // Written now rather than by a fill afterwards, which rewrote every imported row once more.
      phone_e164: talent.phone ? phoneE164(talent.phone, phoneRegion) : null,
      linkedin_url: nullable(talent.linkedinUrl),
      cv_resume_path: nullable(talent.cvResumePath),
      area_of_interest: talent.areaOfInterest,
      seniority_level: talent.seniorityLevel,
      notes: nullable(talent.notes),
      tags: canonicalTag(talent.tags),
      status: talent.status,
      privacy_source: privacy.source,
      privacy_source_detail: privacy.sourceDetail,
      lawful_basis: privacy.lawfulBasis,
      consent_given_on: privacy.consentGivenOn,
      consent_valid_until: privacy.consentValidUntil,
      informed_on: privacy.informedOn,
      custom_fields: talent.customFields ?? {},
    }
  })
  // An e-mail taken since the plan (someone added the talent meanwhile) is left to them.
  const [counted] = await rawRows<{ inserted: number }>(
    tx,
    sql`with r as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        full_name text, email text, phone text, phone_e164 text, linkedin_url text,
        cv_resume_path text, area_of_interest text, seniority_level text, notes text, tags jsonb,
        status jsonb, privacy_source text, privacy_source_detail text, lawful_basis text,
        consent_given_on date, consent_valid_until date, informed_on date, custom_fields jsonb)
    ), ins as (
      insert into talents (full_name, email, phone, phone_e164, linkedin_url, cv_resume_path,
        area_of_interest, seniority_level, notes, tags, status, added_by_id, privacy_source,
        privacy_source_detail, lawful_basis, consent_given_on, consent_valid_until, informed_on,
        custom_fields)
      select r.full_name, r.email, r.phone, r.phone_e164, r.linkedin_url, r.cv_resume_path,
        r.area_of_interest, r.seniority_level, r.notes,
        array(select jsonb_array_elements_text(r.tags)),
        array(select jsonb_array_elements_text(r.status)), ${actor.id},
        r.privacy_source, r.privacy_source_detail, r.lawful_basis, r.consent_given_on,
        r.consent_valid_until, r.informed_on, r.custom_fields
      from r
      on conflict do nothing
      returning id, full_name, email, updated_at
    ), recorded as (
      insert into change_set_rows (change_set_id, entity, entity_id, stamp)
      select ${changeSetId}, 'talent', ins.id, ins.updated_at from ins order by ins.id
    ), logged as (
      insert into activity_log (user_id, action, entity_type, entity_id, details)
      select ${actor.id}, 'talent.created', 'talent', ins.id,
        jsonb_build_object('fullName', ins.full_name, 'email', ins.email,
          'import', ${JSON.stringify(source)}::jsonb)
      from ins order by ins.id
    )
    select count(*)::int as inserted from ins`,
  )
  return counted?.inserted ?? 0
}

async function updateTalents(
  tx: Db,
  updates: Extract<RowPlan, { action: 'update' }>[],
  canonicalTag: (names: string[]) => string[],
  { actor, changeSetId, source }: BatchContext,
): Promise<number> {
  if (updates.length === 0) return 0
  const ids = updates.map((plan) => plan.talentId).sort((a, b) => a - b)
  // Locked in id order, then checked: a talent edited since the plan keeps that edit (skipped).
  const current = await tx
    .select({ id: talents.id, updatedAt: talents.updatedAt })
    .from(talents)
    .where(inArray(talents.id, ids))
    .orderBy(talents.id)
    .for('update')
  const stampOf = new Map(current.map((row) => [row.id, row.updatedAt.getTime()]))
  const unchanged = updates.filter(
    (plan) => stampOf.get(plan.talentId) === plan.updatedAt.getTime(),
  )
  if (unchanged.length === 0) return 0
  const columns = [
    ...new Set(unchanged.flatMap((plan) => Object.keys(plan.changes) as (keyof TalentChanges)[])),
  ].map((field) => COLUMN_OF[field])
  await recordTalentUpdates(
    tx,
    changeSetId,
    unchanged.map((plan) => plan.talentId),
    columns,
  )
  const entries = []
  for (const plan of unchanged) {
    const changes = plan.changes.tags
      ? { ...plan.changes, tags: canonicalTag(plan.changes.tags) }
      : plan.changes
    const [before] = await tx.select().from(talents).where(eq(talents.id, plan.talentId))
    const [after] = await tx
      .update(talents)
      .set({
        ...changes,
        // As a form edit does (talents/service.ts): milliseconds, always later than before.
        updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${talents.updatedAt}) + interval '1 millisecond')`,
      })
      .where(eq(talents.id, plan.talentId))
      .returning({ fullName: talents.fullName })
    entries.push({
      userId: actor.id,
      action: 'talent.updated' as const,
      entityType: 'talent' as const,
      entityId: plan.talentId,
      details: {
        fullName: after?.fullName ?? '',
        import: source,
        changes: Object.entries(changes).map(([field, to]) => ({
          field,
          from: before?.[field as keyof TalentChanges] ?? null,
          to,
        })),
      },
    })
  }
  await stampUpdatedTalents(tx, changeSetId)
  await recordActivities(tx, entries)
  return unchanged.length
}
