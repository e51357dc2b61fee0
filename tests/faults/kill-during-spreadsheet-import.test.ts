import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import {
  spreadsheetImportCreatedSchema,
  spreadsheetImportDetailSchema,
  type SpreadsheetImportDetail,
} from '#shared/imports/import-api.ts'
import { acquireDataDirLock } from '#server/data-dir-lock.ts'
import { openDatabase } from '#server/db/open.ts'
import { rawRows } from '#server/db/raw-rows.ts'
import { RUN_SPREADSHEET_IMPORT } from '#server/imports/run-job.ts'
import { bearer, call, signIn } from './support/api.ts'
import { startScout, type ScoutProcess } from './support/scout-process.ts'

// A kill -9 mid-import leaves whole batches or nothing of a batch,
// and the import resumes after the restart. A 3,000-row CSV (six batches of 500) is run, the
// server killed twice while rows are written; afterwards every row is written exactly once.
const ROWS = 3_000
/** 1 row in 50 has a bad e-mail: refused, never written. */
const REFUSED = ROWS / 50
const KILL_AT_DONE = [400, 900]
const EMAIL_DOMAIN = 'kill-sheet.test'

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function sheet(): Buffer {
  const lines = ['Name,Email,Area,Level,Skills']
  for (let i = 0; i < ROWS; i++) {
    const email = i % 50 === 49 ? `broken-${i}` : `row${i}@${EMAIL_DOMAIN}`
    lines.push(`Person ${i},${email},Design,mid,Kill Test ${i % 7}`)
  }
  return Buffer.from(lines.join('\n'))
}

async function readImport(server: ScoutProcess, token: string, id: number) {
  const { status, body } = await call(server.url, token, 'GET', `/api/imports/${id}`)
  if (status !== 200) throw new Error(`GET import answered ${status}: ${JSON.stringify(body)}`)
  return spreadsheetImportDetailSchema.parse(body)
}

/**
 * Polls until `done` reaches `count` while running, or the import ends (no `count`: only that);
 * resolves to what it last saw.
 */
async function waitFor(
  server: ScoutProcess,
  token: string,
  id: number,
  count = Infinity,
): Promise<SpreadsheetImportDetail> {
  for (;;) {
    const current = await readImport(server, token, id)
    const ended = current.state !== 'queued' && current.state !== 'running'
    if (ended || (current.state === 'running' && current.done >= count)) return current
    await delay(30)
  }
}

/** Polls until the undo has done `count` talents while running, or ended; what it last saw. */
async function waitForUndo(
  server: ScoutProcess,
  token: string,
  id: number,
  count = Infinity,
): Promise<SpreadsheetImportDetail> {
  for (;;) {
    const current = await readImport(server, token, id)
    const undo = current.undo
    const running = undo?.state === 'queued' || undo?.state === 'running'
    if (!running || (undo.state === 'running' && undo.done >= count)) return current
    await delay(30)
  }
}

/** Talents of the test's file still in the pool, and the undo's History entries (distinct). */
async function leftovers(dataDir: string) {
  const lock = acquireDataDirLock(dataDir)
  const database = await openDatabase({ engine: 'pglite', dataDir })
  try {
    const [counts] = await rawRows<{ talents: number; deleted: number; once: number }>(
      database.db,
      sql`select (select count(*)::int from talents where email like ${`%@${EMAIL_DOMAIN}`}) as talents,
          (select count(*)::int from activity_log where action = 'talent.deleted'
             and details->>'email' like ${`%@${EMAIL_DOMAIN}`}) as deleted,
          (select count(distinct entity_id)::int from activity_log where action = 'talent.deleted'
             and details->>'email' like ${`%@${EMAIL_DOMAIN}`}) as once`,
    )
    return counts
  } finally {
    await database.close()
    lock.release()
  }
}

test(`kill -9 twice during a ${ROWS.toLocaleString('en-US')}-row spreadsheet import: it resumes and writes every row exactly once`, async ({
  annotate,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scout-faults-sheet-'))
  try {
    let server = await startScout({ dataDir })
    const token = await signIn(server.url)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sheet())]), 'people.csv')
    const upload = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    })
    expect(upload.status).toBe(201)
    const created = spreadsheetImportCreatedSchema.parse(await upload.json())
    const id = created.importId
    const route = `/api/imports/${id}`
    expect(
      (await call(server.url, token, 'PUT', `${route}/mapping`, created.suggestedMapping)).status,
    ).toBe(200)
    expect((await call(server.url, token, 'POST', `${route}/run`)).status).toBe(202)

    const killedAt: number[] = []
    for (const count of KILL_AT_DONE) {
      const seen = await waitFor(server, token, id, count)
      await server.kill9()
      // Killed mid-import: the test only means something if rows were still being written.
      expect(seen.state, 'the import ended before the kill').toBe('running')
      killedAt.push(seen.done)
      server = await startScout({ dataDir })
    }
    const final = await waitFor(server, token, id)
    await server.stop()
    expect(final).toMatchObject({
      state: 'done',
      total: ROWS,
      done: ROWS,
      created: ROWS - REFUSED,
      updated: 0,
      skipped: 0,
      invalid: REFUSED,
    })

    // Straight from the data folder: one talent per good row, each recorded once in the import's
    // change set (so undo removes each once) and with one History entry.
    const lock = acquireDataDirLock(dataDir)
    const database = await openDatabase({ engine: 'pglite', dataDir })
    try {
      const [counts] = await rawRows<{
        talents: number
        emails: number
        recorded: number
        once: number
        logged: number
      }>(
        database.db,
        sql`with t as (select id, email from talents where email like ${`%@${EMAIL_DOMAIN}`})
          select (select count(*)::int from t) as talents,
                 (select count(distinct email)::int from t) as emails,
                 (select count(*)::int from change_set_rows r join t on t.id = r.entity_id
                    where r.entity = 'talent') as recorded,
                 (select count(distinct r.entity_id)::int from change_set_rows r
                    join t on t.id = r.entity_id where r.entity = 'talent') as once,
                 (select count(*)::int from activity_log a join t on t.id = a.entity_id
                    where a.action = 'talent.created') as logged`,
      )
      const good = ROWS - REFUSED
      expect(counts).toEqual({
        talents: good,
        emails: good,
        recorded: good,
        once: good,
        logged: good,
      })
      // The import's own job only: its writes rightly queue a duplicate scan and table upkeep,
      // which the stop may have caught queued or running.
      const unfinished = await rawRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from jobs
          where state in ('queued', 'running') and kind = ${RUN_SPREADSHEET_IMPORT}`,
      )
      expect(unfinished[0]?.n).toBe(0)
    } finally {
      await database.close()
      lock.release()
    }
    await annotate(
      `killed at ${killedAt.join(' and ')} of ${ROWS} rows; after the restarts ` +
        `${ROWS - REFUSED} talents written once each, ${REFUSED} rows refused`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 180_000)

// The undo of an import is a job too (undo-job.ts): killed mid-undo, it goes on after the restart
// and removes every talent exactly once.
test(`kill -9 during the undo of a ${ROWS.toLocaleString('en-US')}-row import: it goes on and removes each talent once`, async ({
  annotate,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scout-faults-sheet-undo-'))
  try {
    let server = await startScout({ dataDir })
    const token = await signIn(server.url)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(sheet())]), 'people.csv')
    const upload = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    })
    const created = spreadsheetImportCreatedSchema.parse(await upload.json())
    const id = created.importId
    const route = `/api/imports/${id}`
    await call(server.url, token, 'PUT', `${route}/mapping`, created.suggestedMapping)
    expect((await call(server.url, token, 'POST', `${route}/run`)).status).toBe(202)
    expect(await waitFor(server, token, id)).toMatchObject({ state: 'done' })

    expect((await call(server.url, token, 'POST', `${route}/undo`)).status).toBe(202)
    const seen = await waitForUndo(server, token, id, 1)
    await server.kill9()
    expect(seen.undo?.state, 'the undo ended before the kill').toBe('running')
    server = await startScout({ dataDir })
    const final = await waitForUndo(server, token, id)
    await server.stop()
    const good = ROWS - REFUSED
    expect(final).toMatchObject({
      state: 'undone',
      undo: { state: 'done', done: good, total: good, removedTalents: good, keptCount: 0 },
      kept: [],
    })
    expect(await leftovers(dataDir)).toEqual({ talents: 0, deleted: good, once: good })
    await annotate(`killed after ${seen.undo?.done ?? 0} of ${good} talents undone`)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 180_000)
