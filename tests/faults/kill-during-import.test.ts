import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { cvImportCreatedSchema, cvImportSchema, type CvImport } from '#shared/cv-import.ts'
import { IMPORT_CV_ITEM } from '#server/cv-imports/start.ts'
import { EXTRACT_CV_TEXT } from '#server/cvs/extract-job.ts'
import { acquireDataDirLock } from '#server/data-dir-lock.ts'
import { openDatabase } from '#server/db/open.ts'
import { rawRows } from '#server/db/raw-rows.ts'
import { generateCorpus } from '#tests/support/cv-corpus.ts'
import { makeDocx, makePdf } from '#tests/support/cv-files.ts'
import { bearer, signIn } from './support/api.ts'
import { startScout, type ScoutProcess } from './support/scout-process.ts'

// Kill -9 during an import of 100 files; after the restart the import
// finishes with every file exactly once. The server is killed twice, at different points of
// the stack, while files are being read (each a job claimed, run in a pool thread, then written).
const FILES = 100
/** The server dies once this many rows are final, then again at the second figure. */
const KILL_AT_DONE = [12, 55]
const EMAIL_DOMAIN = 'kill-import.test'

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function stackOfCvs(): FormData {
  const form = new FormData()
  for (const [i, cv] of generateCorpus(FILES, 1606).entries()) {
    // Every file its own e-mail, so "exactly once" is one talent per e-mail.
    const text = cv.text.replace(cv.truth.email, `cv${i}@${EMAIL_DOMAIN}`)
    const lines = text.split('\n')
    const pdf = i % 2 === 0
    const bytes = pdf ? makePdf(lines) : makeDocx(lines)
    form.append('file', new Blob([new Uint8Array(bytes)]), `cv-${i}.${pdf ? 'pdf' : 'docx'}`)
  }
  return form
}

async function readImport(server: ScoutProcess, token: string, id: number): Promise<CvImport> {
  const response = await fetch(`${server.url}/api/cv/imports/${id}`, { headers: bearer(token) })
  if (!response.ok) throw new Error(`GET import answered ${response.status}`)
  return cvImportSchema.parse(await response.json())
}

/** Polls until `done` reaches `count` (or the import ends); resolves to what it last saw. */
async function waitForDone(server: ScoutProcess, token: string, id: number, count: number) {
  for (;;) {
    const current = await readImport(server, token, id)
    if (current.done >= count || current.state !== 'running') return current
    await delay(40)
  }
}

test(`security rule 22 i: kill -9 twice during an import of ${FILES} CVs: after restarts every file is read exactly once`, async ({
  annotate,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scout-faults-import-'))
  try {
    let server = await startScout({ dataDir })
    const token = await signIn(server.url)
    const response = await fetch(`${server.url}/api/cv/imports`, {
      method: 'POST',
      headers: bearer(token),
      body: stackOfCvs(),
    })
    expect(response.status).toBe(202)
    const { importId } = cvImportCreatedSchema.parse(await response.json())

    const killedAt: number[] = []
    for (const count of KILL_AT_DONE) {
      const seen = await waitForDone(server, token, importId, count)
      await server.kill9()
      // Killed mid-stack: the test only means something if rows were still in work.
      expect(seen.state, 'the import ended before the kill').toBe('running')
      killedAt.push(seen.done)
      server = await startScout({ dataDir })
    }
    const final = await waitForDone(server, token, importId, FILES)
    await server.stop()

    expect(final).toMatchObject({ state: 'done', total: FILES, done: FILES })
    expect(final.items).toHaveLength(FILES)
    expect(final.items.filter((i) => i.state === 'queued' || i.state === 'reading')).toEqual([])
    const created = final.items.filter((i) => i.state === 'created')
    expect(created.length).toBeGreaterThan(FILES / 2)
    expect(new Set(created.map((i) => i.talentId)).size).toBe(created.length)

    // Straight from the data folder: one talent per e-mail, each with exactly one CV, each
    // recorded once in the import's change set (so undo removes each exactly once).
    const lock = acquireDataDirLock(dataDir)
    const database = await openDatabase({ engine: 'pglite', dataDir })
    try {
      const talents = await rawRows<{ id: number; email: string; cvs: number; recorded: number }>(
        database.db,
        sql`select t.id, t.email,
                   (select count(*)::int from talent_cvs c where c.talent_id = t.id) as cvs,
                   (select count(*)::int from change_set_rows r
                      where r.entity = 'talent' and r.entity_id = t.id) as recorded
              from talents t where t.email like ${`%@${EMAIL_DOMAIN}`}`,
      )
      expect(talents).toHaveLength(created.length)
      expect(new Set(talents.map((t) => t.email)).size).toBe(talents.length)
      expect(talents.filter((t) => t.cvs !== 1 || t.recorded !== 1)).toEqual([])
      // The import's own jobs. A duplicate scan its last talents queued may still wait for its
      // time: it runs in a lane of its own, beside the import, and at the next start.
      const unfinished = await rawRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from jobs where state in ('queued', 'running')
              and kind in (${IMPORT_CV_ITEM}, ${EXTRACT_CV_TEXT})`,
      )
      expect(unfinished[0]?.n).toBe(0)
    } finally {
      await database.close()
      lock.release()
    }
    await annotate(
      `killed at ${killedAt.join(' and ')} of ${FILES} rows read; after the restarts ` +
        `${created.length} talents created once each, ${FILES - created.length} rows for review`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 240_000)
