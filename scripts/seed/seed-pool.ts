import { randomBytes } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { DEFAULT_TAGS, NEEDS_UPDATING_TAG } from '#shared/talent.ts'
import type { OpenDatabase } from '../../src/server/db/open.ts'
import { generateEdits } from './activity.ts'
import { generateCvs, pickCvRows, type CvQuota } from './generate-cvs.ts'
import { createFaker, CUSTOM_TAGS, generateTalents, generateUsers } from './generate.ts'
import { insertCvs, insertTags, insertTalents, insertUsers } from './insert.ts'

export type SeedOptions = {
  talents: number
  users: number
  /** Talents (of the new ones) that get a current CV. */
  cvs: number
  seed: number
  /** Talent rows per INSERT. */
  batch: number
  /** "Now" for the generated dates: the same day gives the same data. */
  refDate: Date
  /** DEFAULT_PHONE_REGION: the seed writes the phone keys the server would fill. */
  phoneRegion?: CountryCode
}

export type SeedProgress = { talents: number; cvs: number }

export type SeedResult = SeedProgress & {
  users: number
  pdfs: number
  cvBytes: number
  /** Time spent making the CV files and storing them (both included in `seconds`). */
  cvGenerateSeconds: number
  cvInsertSeconds: number
  seconds: number
}

// Each kind of data has its own faker stream, so adding one left the others of a seed unchanged
// (the activity log, then CVs), and any --batch gives the same rows.
const EDIT_SEED_OFFSET = 1_000_003
const CV_PICK_SEED_OFFSET = 2_000_003
const CV_SEED_OFFSET = 3_000_017

/**
 * CVs per INSERT: about 3 KB of bytes (sent as 6 KB of hex) and 2.4 KB of text each, so a
 * statement carries some 4 MB. Measured on PGlite (8,000 CVs): 100 to 500 per statement stored
 * alike; 2,000 took a third longer.
 */
const CV_BATCH = 500

/**
 * Fills the database with demo talents, users, tags, their activity and CVs. Talents
 * whose e-mail exists are skipped; a talent that already has a CV keeps it.
 */
export async function seedPool(
  database: OpenDatabase,
  options: SeedOptions,
  onProgress: (done: SeedProgress) => void = () => undefined,
): Promise<SeedResult> {
  const { db } = database
  const { refDate, seed } = options
  const faker = createFaker(seed, refDate)
  const editFaker = createFaker(seed + EDIT_SEED_OFFSET, refDate)
  const pickFaker = createFaker(seed + CV_PICK_SEED_OFFSET, refDate)
  const cvFaker = createFaker(seed + CV_SEED_OFFSET, refDate)
  const passwordHash = await hash(randomBytes(32).toString('base64url'))
  const userIds = await insertUsers(db, generateUsers(faker, options.users), passwordHash)
  await insertTags(db, [...DEFAULT_TAGS, ...CUSTOM_TAGS, NEEDS_UPDATING_TAG])

  const started = performance.now()
  const result: SeedResult = {
    talents: 0,
    cvs: 0,
    users: userIds.length,
    pdfs: 0,
    cvBytes: 0,
    cvGenerateSeconds: 0,
    cvInsertSeconds: 0,
    seconds: 0,
  }
  const quota: CvQuota = {
    cvsLeft: Math.min(options.cvs, options.talents),
    talentsLeft: options.talents,
  }
  for (let offset = 0; offset < options.talents; offset += options.batch) {
    const size = Math.min(options.batch, options.talents - offset)
    const columns = generateTalents(faker, size, userIds.length, refDate, offset)
    const edits = generateEdits(editFaker, columns, userIds.length)
    result.talents += await insertTalents(db, columns, userIds, {
      edits,
      phoneRegion: options.phoneRegion,
    })
    const rows = pickCvRows(pickFaker, size, quota)
    for (let i = 0; i < rows.length; i += CV_BATCH) {
      const generating = performance.now()
      const chunk = rows.slice(i, i + CV_BATCH)
      const cvs = generateCvs(cvFaker, columns, chunk, userIds.length, refDate)
      const inserting = performance.now()
      const attached = await insertCvs(db, cvs, userIds)
      result.cvGenerateSeconds += (inserting - generating) / 1000
      result.cvInsertSeconds += (performance.now() - inserting) / 1000
      result.cvs += attached.attached
      result.pdfs += attached.pdfs
      result.cvBytes += attached.bytes
    }
    onProgress(result)
  }
  // Fresh statistics for the planner, and a visibility map so counts can use index-only scans.
  await db.execute(sql`VACUUM ANALYZE talents, activity_log, files, talent_cvs`)
  if (database.engine === 'pglite') await db.execute(sql`CHECKPOINT`)
  result.seconds = (performance.now() - started) / 1000
  return result
}
