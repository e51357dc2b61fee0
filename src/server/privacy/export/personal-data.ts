import type { Readable } from 'node:stream'
import { PERSONAL_DATA_FORBIDDEN, personalDataFileName } from '#shared/privacy-log.ts'
import type { PrivacyRecord } from '#shared/privacy.ts'
import type { Talent } from '#shared/talent.ts'
import { canChange } from '../../auth/can-change.ts'
import type { Db } from '../../db/open.ts'
import type { Actor } from '../../db/rows.ts'
import { talentsMergedInto } from '../../duplicates/merged-into.ts'
import { ForbiddenError } from '../../errors.ts'
import { databaseFileStore } from '../../files/database-file-store.ts'
import { loadDefinitions } from '../../fields/definitions.ts'
import { getTalent, getTalentFor } from '../../talents/service.ts'
import { recordPrivacyEvent } from '../log/record.ts'
import { getPrivacyRecord } from '../record/service.ts'
import { historyBatches, type HistoryEntry } from './history.ts'
import { summaryHead, summaryHistoryRows, summaryTail } from './summary-html.ts'
import { zipStream, type ZipPart } from './zip-parts.ts'
import { cvVersions, type CvVersionEntry } from './cv-versions.ts'

/*
 * PERMISSIONS (security rule 53): a person's data handed over in one file is for admins and
 * the user who added the talent — the people who may delete or erase them — not for every
 * signed-in user, though each may read the profile screen by screen.
 */

export type PersonalDataExport = { fileName: string; stream: Readable }

/**
 * A CV is read and zipped in slices this size: each read and each push is a short piece of work,
 * and only one slice of one CV is held at a time.
 */
const SLICE = 1024 * 1024

/** What the zip tells of one talent before its History: the profile, its privacy record, CVs. */
type Subject = { talent: Talent; privacy: PrivacyRecord }

async function* summaryChunks(
  db: Db,
  { talent, privacy }: Subject,
  cvs: readonly CvVersionEntry[],
  historyOf: readonly number[],
  now: Date,
): AsyncGenerator<string> {
  yield summaryHead(talent, privacy, cvs, now)
  let count = 0
  for await (const batch of historyBatches(db, historyOf)) {
    count += batch.length
    yield summaryHistoryRows(batch)
  }
  yield summaryTail(count)
}

/**
 * data.json: the talent, its privacy record (why Scout holds them and what they were told), its
 * CV versions, then its History streamed entry by entry.
 */
async function* dataJsonChunks(
  db: Db,
  { talent, privacy }: Subject,
  cvs: readonly CvVersionEntry[],
  historyOf: readonly number[],
  now: Date,
): AsyncGenerator<string> {
  const head = JSON.stringify(
    {
      format: 'scout-personal-data',
      version: 1,
      exportedAt: now.toISOString(),
      talent,
      privacyRecord: privacy,
      cvVersions: cvs,
    },
    null,
    2,
  )
  // The object's closing brace is written after the History.
  yield `${head.slice(0, head.lastIndexOf('}')).trimEnd()},\n  "history": [`
  let first = true
  for await (const batch of historyBatches(db, historyOf)) {
    const entries: HistoryEntry[] = batch
    yield entries
      .map((entry) => `${first ? ((first = false), '') : ','}\n    ${JSON.stringify(entry)}`)
      .join('')
  }
  yield `${first ? '' : '\n  '}]\n}\n`
}

/**
 * GET /api/talents/:id/personal-data: one zip of everything Scout holds about the talent —
 * summary.html, data.json (every field, tag and status, the privacy record, every CV version's
 * facts, the whole History) and every CV version as its original file under cvs/. 404 for an unknown talent,
 * 403 for a user who neither is an admin nor added the talent. The export is in the privacy log
 * (security rule 54) before any byte leaves, so a download cut short is still on record.
 */
export async function startPersonalDataExport(
  db: Db,
  talentId: number,
  viewer: Actor,
  now = new Date(),
): Promise<PersonalDataExport> {
  const stored = await getTalent(db, talentId)
  if (!canChange(viewer, stored)) {
    throw new ForbiddenError(PERSONAL_DATA_FORBIDDEN)
  }
  // The custom fields marked personal data go with the rest (security rule 53).
  const personal = new Set(
    (await loadDefinitions(db)).filter((d) => d.personalData).map((d) => d.key),
  )
  const { customFields } = await getTalentFor(db, talentId, viewer)
  const talent: Talent = {
    ...stored,
    customFields: Object.fromEntries(Object.entries(customFields).filter(([k]) => personal.has(k))),
  }
  const subject: Subject = { talent, privacy: await getPrivacyRecord(db, talentId) }
  const cvs = await cvVersions(db, talentId)
  // The History the talent's tab shows: its own entries and those of talents merged into it.
  const historyOf = [talentId, ...(await talentsMergedInto(db, talentId))]
  await recordPrivacyEvent(db, {
    kind: 'personal-data-export',
    actorId: viewer.id,
    talentId,
    count: 1,
    details: { format: 'zip' },
  })
  const parts: ZipPart[] = [
    { name: 'summary.html', chunks: () => summaryChunks(db, subject, cvs, historyOf, now) },
    { name: 'data.json', chunks: () => dataJsonChunks(db, subject, cvs, historyOf, now) },
    ...cvs.map((cv) => ({
      name: cv.file,
      stored: true,
      chunks: () => databaseFileStore(db).slices(cv.sha256, SLICE),
    })),
  ]
  return { fileName: personalDataFileName(talentId, now), stream: zipStream(parts) }
}
