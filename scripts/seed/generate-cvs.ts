import type { Faker } from '@faker-js/faker'
import { sanitizeFileName } from '#shared/cv.ts'
import { AREAS, SENIORITY_LEVELS } from '#shared/talent.ts'
import { sha256Of } from '../../src/server/secrets/sha256.ts'
import { composeCv } from './cv-content.ts'
import type { CvPerson } from './cv-sentences.ts'
import { PDF, renderDocx, renderPdf } from './cv-render.ts'
import type { SeedTalentColumns } from './generate.ts'

/** The seeded CVs of one batch of talents, in column form for INSERT … SELECT FROM unnest. */
export type SeedCvColumns = {
  /** The talent's e-mail, matched to its row when inserted. */
  email: string[]
  fileName: string[]
  mimeType: string[]
  sha256: string[]
  /** The bytes in hex: text[] travels the same way on both engines (decode(…, 'hex') in SQL). */
  bytesHex: string[]
  sizeBytes: number[]
  /** The text Scout's reader gets from the bytes (cv-render.ts). */
  text: string[]
  uploadedAt: string[]
  uploaderIndex: (number | null)[]
}

/** How many CVs are still to hand out, over how many talents still to generate. */
export type CvQuota = { cvsLeft: number; talentsLeft: number }

/**
 * Which of the next `count` talents get a CV: over the whole run exactly the wanted number, spread
 * at random (selection sampling, Knuth's Algorithm S), so any --batch gives the same talents.
 */
export function pickCvRows(faker: Faker, count: number, quota: CvQuota): number[] {
  const rows: number[] = []
  for (let i = 0; i < count && quota.talentsLeft > 0; i++) {
    if (faker.number.float() * quota.talentsLeft < quota.cvsLeft) {
      rows.push(i)
      quota.cvsLeft--
    }
    quota.talentsLeft--
  }
  return rows
}

function fileName(faker: Faker, fullName: string, year: number, extension: string): string {
  const [first = 'cv', ...rest] = fullName.split(' ')
  const last = rest.join(' ') || first
  const names = [
    `${first}_${last}_CV`,
    `CV - ${fullName}`,
    `${first.toLowerCase()}-${last.toLowerCase()}-resume`,
    `${last}, ${first} - Resume ${year}`,
    `Resume_${first}${last}_${year}`,
  ]
  return sanitizeFileName(`${faker.helpers.arrayElement(names)}.${extension}`)
}

function person(c: SeedTalentColumns, row: number): CvPerson {
  const area = AREAS.find((a) => a === c.areaOfInterest[row]) ?? 'Engineering'
  const level = SENIORITY_LEVELS.find((l) => l === c.seniorityLevel[row]) ?? 'mid'
  return {
    fullName: c.fullName[row] ?? '',
    email: c.email[row] ?? '',
    phone: c.phone[row] ?? null,
    linkedinUrl: c.linkedinUrl[row] ?? null,
    area,
    level,
  }
}

const DAY_MS = 24 * 3600 * 1000

/**
 * A current CV for each of `rows` of the talents: half PDF, half DOCX. Most arrive with the talent
 * (attached by whoever added it, within the hour); the rest later, by another user.
 */
export function generateCvs(
  faker: Faker,
  talents: SeedTalentColumns,
  rows: number[],
  userCount: number,
  refDate: Date,
): SeedCvColumns {
  const cvs: SeedCvColumns = {
    email: [],
    fileName: [],
    mimeType: [],
    sha256: [],
    bytesHex: [],
    sizeBytes: [],
    text: [],
    uploadedAt: [],
    uploaderIndex: [],
  }
  for (const row of rows) {
    const created = Date.parse(talents.createdAt[row] ?? '')
    const withTalent = faker.datatype.boolean(0.7)
    const uploaded = withTalent
      ? created + faker.number.int(3600 * 1000)
      : created + faker.number.int(Math.max(0, refDate.getTime() - created))
    const uploadedAt = Math.min(uploaded, refDate.getTime())
    const writtenAt = new Date(uploadedAt - faker.number.int(60) * DAY_MS)
    const who = person(talents, row)
    const content = composeCv(faker, who, writtenAt)
    const isPdf = faker.datatype.boolean(0.5)
    const file = isPdf ? renderPdf(content) : renderDocx(content, faker.datatype.boolean(0.3))
    const extension = file.mimeType === PDF ? 'pdf' : 'docx'
    cvs.email.push(who.email)
    cvs.fileName.push(fileName(faker, who.fullName, writtenAt.getUTCFullYear(), extension))
    cvs.mimeType.push(file.mimeType)
    cvs.sha256.push(sha256Of(file.bytes))
    cvs.bytesHex.push(file.bytes.toString('hex'))
    cvs.sizeBytes.push(file.bytes.length)
    cvs.text.push(file.text)
    cvs.uploadedAt.push(new Date(uploadedAt).toISOString())
    const adder = talents.addedByIndex[row] ?? null
    const other = userCount > 0 ? faker.number.int(userCount - 1) : null
    cvs.uploaderIndex.push(withTalent ? adder : other)
  }
  return cvs
}
