import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { importMappingSchema, type ImportMapping } from '#shared/imports/import-api.ts'
import { recordActivities } from '../activity/record.ts'
import {
  recordTalentUpdates,
  stampUpdatedTalents,
  type RestorableColumn,
} from '../changes/talent-images.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import type { Actor } from '../db/rows.ts'
import { talents, users } from '../db/schema.ts'
import { spreadsheetImports } from '../db/import-schema.ts'
import type { Job } from '../jobs/queue.ts'
import type { JobHandler } from '../jobs/runner.ts'
import { queueTableUpkeep, UPKEEP_AFTER_ROWS } from '../jobs/table-upkeep.ts'
import { ensureTags } from '../tags/service.ts'
import { planRows, type RowPlan, type TalentChanges } from './plan-rows.ts'
import { readTableRows } from './read-table.ts'
import { importBytes, shapeOf, type SpreadsheetImportRow } from './uploads.ts'

export const RUN_SPREADSHEET_IMPORT = 'run-spreadsheet-import'
const payloadSchema = z.object({ importId: z.number().int() })

/** A History entry names the import that wrote it (issue 18 item 4). */
type ImportSource = { importId: number; fileName: string }

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

/**
 * Runs an import (issue 18 item 4): the file is planned again batch by batch (the same plan as
 * the dry run) and each batch is written in one transaction together with the import's progress.
 * A process killed mid-import leaves whole batches; the job, claimed again, skips the rows its
 * progress counts and goes on — and a batch whose progress moved (another process ran it) is
 * not written twice.
 */
async function runImport(db: Db, importId: number): Promise<void> {
  const [row] = await db
    .select()
    .from(spreadsheetImports)
    .where(eq(spreadsheetImports.id, importId))
  if (!row || (row.state !== 'queued' && row.state !== 'running')) return
  const mapping = importMappingSchema.parse(row.mapping)
  const actor = await importer(db, row)
  if (!actor || row.changeSetId === null) {
    await db
      .update(spreadsheetImports)
      .set({ state: 'failed', finishedAt: new Date() })
      .where(eq(spreadsheetImports.id, importId))
    return
  }
  await db
    .update(spreadsheetImports)
    .set({ state: 'running' })
    .where(eq(spreadsheetImports.id, importId))
  const bytes = await importBytes(db, row)
  // The progress bar's whole: a quick pass that only counts rows (the header is not one).
  if (row.total === 0) {
    let rows = -1
    for await (const _ of readTableRows(bytes, shapeOf(row), mapping.sheet)) rows++
    await db
      .update(spreadsheetImports)
      .set({ total: Math.max(0, rows) })
      .where(eq(spreadsheetImports.id, importId))
  }
  const source = { importId, fileName: row.fileName }
  const changeSetId = row.changeSetId
  let seen = 0
  await planRows(db, bytes, shapeOf(row), mapping, async (plans) => {
    const offset = seen
    seen += plans.length
    if (seen <= row.done) return
    await db.transaction(async (tx) => {
      const [progress] = await tx
        .select({ done: spreadsheetImports.done })
        .from(spreadsheetImports)
        .where(eq(spreadsheetImports.id, importId))
        .for('update')
      if (progress?.done !== offset) return
      const counts = await writeBatch(tx, plans, { actor, changeSetId, source, mapping })
      await tx
        .update(spreadsheetImports)
        .set({
          done: sql`${spreadsheetImports.done} + ${plans.length}`,
          created: sql`${spreadsheetImports.created} + ${counts.created}`,
          updated: sql`${spreadsheetImports.updated} + ${counts.updated}`,
          skipped: sql`${spreadsheetImports.skipped} + ${counts.skipped}`,
          invalid: sql`${spreadsheetImports.invalid} + ${counts.invalid}`,
          updatedAt: new Date(),
        })
        .where(eq(spreadsheetImports.id, importId))
    })
  })
  await db.transaction(async (tx) => {
    await tx
      .update(spreadsheetImports)
      .set({ state: 'done', total: seen, finishedAt: new Date() })
      .where(and(eq(spreadsheetImports.id, importId), eq(spreadsheetImports.state, 'running')))
    if (seen >= UPKEEP_AFTER_ROWS) await queueTableUpkeep(tx)
  })
}

async function importer(db: Db, row: SpreadsheetImportRow): Promise<Actor | undefined> {
  if (row.createdById === null) return undefined
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, row.createdById))
  return user
}

type BatchContext = {
  actor: Actor
  changeSetId: number
  source: ImportSource
  mapping: ImportMapping
}

async function writeBatch(
  tx: Db,
  plans: RowPlan[],
  context: BatchContext,
): Promise<{ created: number; updated: number; skipped: number; invalid: number }> {
  const creates = plans.flatMap((plan) => (plan.action === 'create' ? [plan] : []))
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
      (creates.length - created) +
      (updates.length - updated),
    invalid: plans.filter((plan) => plan.action === 'invalid').length,
  }
}

/** New tags named in the file are created (issue 18 item 4), once per batch, as the form does. */
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
 * The batch's new talents, their change-set rows and their History in ONE statement: the rows
 * travel as one jsonb parameter (drizzle building a 500-row INSERT and its two companions was
 * a seventh of an import's CPU). The change-set stamp is each row's updated_at as inserted.
 */
async function createTalents(
  tx: Db,
  creates: Extract<RowPlan, { action: 'create' }>[],
  canonicalTag: (names: string[]) => string[],
  { actor, changeSetId, source }: BatchContext,
): Promise<number> {
  if (creates.length === 0) return 0
  const rows = creates.map(({ talent }) => ({
    full_name: talent.fullName,
    email: talent.email,
    phone: nullable(talent.phone),
    linkedin_url: nullable(talent.linkedinUrl),
    cv_resume_path: nullable(talent.cvResumePath),
    area_of_interest: talent.areaOfInterest,
    seniority_level: talent.seniorityLevel,
    notes: nullable(talent.notes),
    tags: canonicalTag(talent.tags),
    status: talent.status,
  }))
  // An e-mail taken since the plan (someone added the talent meanwhile) is left to them.
  const [counted] = await rawRows<{ inserted: number }>(
    tx,
    sql`with r as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        full_name text, email text, phone text, linkedin_url text, cv_resume_path text,
        area_of_interest text, seniority_level text, notes text, tags jsonb, status jsonb)
    ), ins as (
      insert into talents (full_name, email, phone, linkedin_url, cv_resume_path,
        area_of_interest, seniority_level, notes, tags, status, added_by_id)
      select r.full_name, r.email, r.phone, r.linkedin_url, r.cv_resume_path,
        r.area_of_interest, r.seniority_level, r.notes,
        array(select jsonb_array_elements_text(r.tags)),
        array(select jsonb_array_elements_text(r.status)), ${actor.id}
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

export function runSpreadsheetImportJob(db: Db): JobHandler {
  return async (job: Job) => {
    const { importId } = payloadSchema.parse(job.payload)
    await runImport(db, importId)
  }
}
