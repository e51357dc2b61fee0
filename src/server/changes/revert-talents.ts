import { sql } from 'drizzle-orm'
import { recordActivities } from '../audit/record.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import type { Actor } from '../db/rows.ts'
import { idArray } from '../db/id-array.ts'
import { changesBetween, imageOf, RESTORABLE_COLUMNS } from './talent-images.ts'

/*
 * Undo of recorded updates and deletes (talent-images.ts), set-based: 10,000 talents in a few
 * statements. A talent whose updated_at is no longer the stamp taken right after the change was
 * edited since: it keeps the later edit and is listed, never overwritten.
 */

export type Kept = { talentId: number; fullName: string }

/**
 * Change-set rows with after < id <= upTo: a batch of a set undone in turns (an import's undo
 * job), each in its own transaction. Without it, the whole set.
 */
export type RowRange = { after: number; upTo: number }
const ALL_ROWS: RowRange = { after: 0, upTo: 2_147_483_647 }

/**
 * Each of `columns` back from the image when the image holds it, else left as it is, and a new
 * updated_at. Only the columns the set's images hold are named: a column in the SET list fires
 * its column triggers (the phone key's, for one) on every row even when its value stays.
 */
function setFromImage(columns: readonly string[]) {
  const restored = columns.map(
    (c) =>
      sql`${sql.identifier(c)} = case when cur.before ? ${c}::text then p.${sql.identifier(c)} else t.${sql.identifier(c)} end`,
  )
  const stamped = sql`updated_at = greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', t.updated_at) + interval '1 millisecond')`
  return sql.join([...restored, stamped], sql`, `)
}

/** The restorable columns the before-images of the set's updated talents hold, in range. */
async function imagedColumns(tx: Db, changeSetId: number, range: RowRange): Promise<string[]> {
  const rows = await rawRows<{ key: string }>(
    tx,
    sql`select distinct jsonb_object_keys(c.before) as key from change_set_rows c
      where c.change_set_id = ${changeSetId} and c.entity = 'talent' and c.op = 'updated'
        and c.id > ${range.after} and c.id <= ${range.upTo}`,
  )
  const held = new Set(rows.map((row) => row.key))
  return Object.keys(RESTORABLE_COLUMNS).filter((column) => held.has(column))
}

/**
 * Puts back the before-images of the set's updated talents that still look as the change left
 * them, each with a talent.updated History entry; returns how many, and the ones edited since.
 */
export async function revertTalentUpdates(
  tx: Db,
  changeSetId: number,
  actor: Actor,
  range: RowRange = ALL_ROWS,
): Promise<{ restored: number; kept: Kept[] }> {
  const columns = await imagedColumns(tx, changeSetId, range)
  const rows = await rawRows<{ id: number; full_name: string; same: boolean }>(
    tx,
    sql`with r as (
      select c.entity_id, c.before, c.stamp from change_set_rows c
      where c.change_set_id = ${changeSetId} and c.entity = 'talent' and c.op = 'updated'
        and c.id > ${range.after} and c.id <= ${range.upTo}
    ), cur as (
      select t.id, t.full_name, t.updated_at = r.stamp as same, r.before,
        ${imageOf('t', columns)} as now_image
      from talents t join r on r.entity_id = t.id
      order by t.id
      for update of t
    ), upd as (
      update talents t set ${setFromImage(columns)}
      from cur, jsonb_populate_record(null::talents, cur.before) p
      where t.id = cur.id and cur.same
      returning t.id, t.full_name, cur.before, cur.now_image
    ), log as (
      insert into activity_log (user_id, action, entity_type, entity_id, details)
      select ${actor.id}, 'talent.updated', 'talent', upd.id,
        jsonb_build_object('fullName', upd.full_name, 'undo', true,
          'changes', ${changesBetween(sql`upd.now_image`, sql`upd.before`)})
      from upd
    )
    select cur.id, cur.full_name, cur.same from cur order by cur.id`,
  )
  const kept = rows.filter((row) => !row.same)
  return {
    restored: rows.length - kept.length,
    kept: kept.map((row) => ({ talentId: row.id, fullName: row.full_name })),
  }
}

/**
 * Inserts the set's deleted talents again, with their id, fields, adder (if the user still
 * exists), timestamps and CV versions; their History comes back with them (the log keeps it). A
 * talent whose e-mail another talent took since stays deleted and is listed.
 */
export async function restoreDeletedTalents(
  tx: Db,
  changeSetId: number,
  actor: Actor,
): Promise<{ restored: number; kept: Kept[] }> {
  const rows = await rawRows<{ id: number; full_name: string; restored: boolean }>(
    tx,
    sql`with r as (
      select p.* from change_set_rows c, jsonb_populate_record(null::talents, c.before) p
      where c.change_set_id = ${changeSetId} and c.entity = 'talent' and c.op = 'deleted'
    ), ins as (
      insert into talents (id, full_name, email, phone, linkedin_url, cv_resume_path,
        area_of_interest, seniority_level, notes, tags, status, added_by_id, created_at, updated_at)
      select r.id, r.full_name, r.email, r.phone, r.linkedin_url, r.cv_resume_path,
        r.area_of_interest, r.seniority_level, r.notes, r.tags, r.status,
        (select u.id from users u where u.id = r.added_by_id), r.created_at, r.updated_at
      from r order by r.id
      on conflict do nothing
      returning id, full_name
    ), log as (
      insert into activity_log (user_id, action, entity_type, entity_id, details)
      select ${actor.id}, 'talent.restored', 'talent', ins.id,
        jsonb_build_object('fullName', ins.full_name, 'undo', true)
      from ins
    )
    select r.id, r.full_name, exists (select 1 from ins where ins.id = r.id) as restored
    from r order by r.id`,
  )
  const restoredIds = rows.filter((row) => row.restored).map((row) => row.id)
  if (restoredIds.length > 0) {
    await tx.execute(sql`
      insert into talent_cvs (id, talent_id, sha256, file_name, uploaded_by_id, created_at, updated_at)
      select p.id, p.talent_id, p.sha256, p.file_name,
        (select u.id from users u where u.id = p.uploaded_by_id), p.created_at, p.updated_at
      from change_set_rows c, jsonb_populate_record(null::talent_cvs, c.before) p
      where c.change_set_id = ${changeSetId} and c.entity = 'talent_cv' and c.op = 'deleted'
        and exists (select 1 from talents t where t.id = p.talent_id)
        and exists (select 1 from files f where f.sha256 = p.sha256)
      order by p.id
      on conflict do nothing`)
  }
  const kept = rows.filter((row) => !row.restored)
  return {
    restored: restoredIds.length,
    kept: kept.map((row) => ({ talentId: row.id, fullName: row.full_name })),
  }
}

/** Created talents removed per statement: each batch is a handful of statements, not one each. */
const REMOVE_BATCH = 1000

/**
 * Deletes the talents the set created, a batch at a time (one DELETE … WHERE id = ANY(…) per
 * batch), each with a talent.deleted History entry. A talent edited since (its updated_at is no
 * longer the stamp) or given a CV outside `setCvIds` is kept and listed; one already deleted is
 * skipped. Rows are locked in id order before they are judged, as a form edit locks its row.
 */
export async function removeCreatedTalents(
  tx: Db,
  changeSetId: number,
  actor: Actor,
  setCvIds: readonly number[],
  range: RowRange = ALL_ROWS,
): Promise<{ removed: number; kept: Kept[] }> {
  const kept: Kept[] = []
  let removed = 0
  let after = range.after
  for (;;) {
    const batch = await rawRows<{ row_id: number; talent_id: number }>(
      tx,
      sql`select c.id as row_id, c.entity_id as talent_id from change_set_rows c
        where c.change_set_id = ${changeSetId} and c.entity = 'talent' and c.op = 'created'
          and c.id > ${after} and c.id <= ${range.upTo}
        order by c.id limit ${REMOVE_BATCH}`,
    )
    const last = batch.at(-1)
    if (!last) break
    after = last.row_id
    const judged = await rawRows<{
      id: number
      full_name: string
      email: string
      moved_on: boolean
    }>(
      tx,
      sql`select t.id, t.full_name, t.email,
          (t.updated_at is distinct from c.stamp or exists (
            select 1 from talent_cvs v
            where v.talent_id = t.id and not (v.id = any(${idArray(setCvIds)}))
          )) as moved_on
        from change_set_rows c
        join talents t on t.id = c.entity_id
        where c.id = any(${idArray(batch.map((row) => row.row_id))})
        order by t.id
        for update of t`,
    )
    const byId = new Map(judged.map((talent) => [talent.id, talent]))
    const removable = judged.filter((talent) => !talent.moved_on)
    if (removable.length > 0) {
      await tx.execute(
        sql`delete from talents where id = any(${idArray(removable.map((talent) => talent.id))})`,
      )
      await recordActivities(
        tx,
        removable.map((talent) => ({
          userId: actor.id,
          action: 'talent.deleted' as const,
          entityType: 'talent' as const,
          entityId: talent.id,
          details: { fullName: talent.full_name, email: talent.email, undo: true },
        })),
      )
      removed += removable.length
    }
    // Listed in the order the set created them, as before.
    for (const { talent_id: talentId } of batch) {
      const talent = byId.get(talentId)
      if (talent?.moved_on) kept.push({ talentId, fullName: talent.full_name })
    }
  }
  return { removed, kept }
}
