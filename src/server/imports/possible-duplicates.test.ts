import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { POSSIBLE_DUPLICATE_ROWS_LIMIT, dryRunResultSchema } from '#shared/imports/import-api.ts'
import { apiTestWith, type SignedIn } from '#tests/support/api-test.ts'
import { addTalent } from '#tests/support/duplicate-talents.ts'
import { mappedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { jobs } from '../db/job-schema.ts'
import { talents } from '../db/schema.ts'
import { RUN_SPREADSHEET_IMPORT, runSpreadsheetImportJob } from './run-job.ts'
import { erasureKeys } from '../privacy/erasure/identifiers.ts'

// On a spreadsheet import, rows that would add a talent already in the pool are flagged
// in the dry run, by the same rules as the talent form's check.
const test = apiTestWith({ defaultPhoneRegion: 'US' })

const HEADER = 'Full Name,Email,Phone,LinkedIn URL,Area of Interest,Seniority Level'

async function dryRun(user: SignedIn, importId: number) {
  const response = await user.inject('POST', `/api/imports/${importId}/dry-run`)
  expect(response.statusCode, response.body).toBe(200)
  return dryRunResultSchema.parse(response.json())
}

test('a new row that looks like a talent of the pool is listed with that talent and why; importing still adds it', async ({
  api,
}) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { phone: '+1 (415) 555-0134' })
  const sam = await addTalent(user, {
    fullName: 'Sam Patel',
    email: 'sam@old.example',
    linkedinUrl: 'https://www.linkedin.com/in/sam-patel/',
  })
  const chris = await addTalent(user, {
    fullName: 'Chris Morgan',
    email: 'chris.morgan@old.example',
    areaOfInterest: 'Science',
  })
  const jordan = await addTalent(user, {
    fullName: 'Jordan Blake',
    email: 'jb@old.example',
    areaOfInterest: 'Engineering',
  })
  const csv = [
    HEADER,
    'D. Reyes,dana.work@new.example,415.555.0134,,Design,mid',
    'Samuel P,samuel@new.example,,http://linkedin.com/in/Sam-Patel?trk=x,Design,mid',
    'Chris Morgan,chris.morgan@new.example,,,Design,mid',
    'Jordan Blakes,jordan@new.example,,,Engineering,mid',
    'Ada Quinn,ada@new.example,,,Design,mid',
    // The same e-mail is the update path, never flagged, even with the same phone.
    'Sam Patel,sam@old.example,+1 415 555 0134,,Design,senior',
  ].join('\n')
  const importId = await mappedSpreadsheet(api, user, csv)

  const dry = await dryRun(user, importId)
  expect(dry).toMatchObject({ total: 6, created: 5, updated: 1, possibleDuplicates: 4 })
  expect(dry.possibleDuplicateRows).toEqual([
    {
      row: 2,
      fullName: 'D. Reyes',
      candidates: [
        {
          talentId: dana.id,
          fullName: 'Dana Reyes',
          confidence: 0.95,
          reasons: ['same phone number'],
        },
      ],
    },
    {
      row: 3,
      fullName: 'Samuel P',
      candidates: [
        {
          talentId: sam.id,
          fullName: 'Sam Patel',
          confidence: 0.95,
          reasons: ['same LinkedIn profile'],
        },
      ],
    },
    {
      row: 4,
      fullName: 'Chris Morgan',
      candidates: [
        {
          talentId: chris.id,
          fullName: 'Chris Morgan',
          confidence: 0.85,
          reasons: ['same name and e-mail name'],
        },
      ],
    },
    {
      row: 5,
      fullName: 'Jordan Blakes',
      candidates: [
        {
          talentId: jordan.id,
          fullName: 'Jordan Blake',
          confidence: expect.any(Number) as unknown,
          reasons: ['similar name in the same area'],
        },
      ],
    },
  ])
  // A dry run writes nothing.
  expect(await api.database.db.select().from(talents)).toHaveLength(4)

  // A warning, not a block: the run adds every new row, the look-alikes too.
  const run = await user.inject('POST', `/api/imports/${importId}/run`)
  expect(run.statusCode, run.body).toBe(202)
  await api.app.jobs.drain()
  expect(await api.database.db.select().from(talents)).toHaveLength(9)
})

test(`every flagged row is counted, across checks of 2,000 rows; the first ${POSSIBLE_DUPLICATE_ROWS_LIMIT} are listed`, async ({
  api,
}) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { phone: '+1 415 555 0134' })
  const rows = Array.from(
    { length: 2_100 },
    (_, i) => `Person ${i},p${i}@new.example,(415) 555-0134,,Science,mid`,
  )
  const importId = await mappedSpreadsheet(api, user, [HEADER, ...rows].join('\n'))

  const dry = await dryRun(user, importId)
  expect(dry).toMatchObject({ total: 2_100, created: 2_100, possibleDuplicates: 2_100 })
  expect(dry.possibleDuplicateRows).toHaveLength(POSSIBLE_DUPLICATE_ROWS_LIMIT)
  expect(dry.possibleDuplicateRows[0]?.row).toBe(2)
  expect(dry.possibleDuplicateRows.at(-1)).toEqual({
    row: POSSIBLE_DUPLICATE_ROWS_LIMIT + 1,
    fullName: `Person ${POSSIBLE_DUPLICATE_ROWS_LIMIT - 1}`,
    candidates: [
      {
        talentId: dana.id,
        fullName: 'Dana Reyes',
        confidence: 0.95,
        reasons: ['same phone number'],
      },
    ],
  })
})

test('a file of talents not in the pool flags nothing', async ({ api }) => {
  const user = await api.as('user')
  await addTalent(user, { phone: '+1 415 555 0134' })
  const importId = await mappedSpreadsheet(
    api,
    user,
    [HEADER, 'Ada Quinn,ada@new.example,+1 212 555 0100,,Design,mid'].join('\n'),
  )
  expect(await dryRun(user, importId)).toMatchObject({
    created: 1,
    possibleDuplicates: 0,
    possibleDuplicateRows: [],
  })
})

test('imported talents are written with their phone key: no fill has to rewrite them afterwards', async ({
  api,
}) => {
  const db = api.database.db
  const user = await api.as('user')
  const csv = [
    HEADER,
    'Dana Reyes,dana@new.example,(415) 555-0134,,Design,senior',
    'Ed Moss,ed@new.example,not a phone,,Design,mid',
    'Fay Lin,fay@new.example,,,Design,mid',
  ].join('\n')
  const importId = await mappedSpreadsheet(api, user, csv)
  expect((await user.inject('POST', `/api/imports/${importId}/run`)).statusCode).toBe(202)
  // The job alone, as its runner would call it: no duplicate scan or key fill runs meanwhile.
  const [job] = await db.select().from(jobs).where(eq(jobs.kind, RUN_SPREADSHEET_IMPORT))
  if (!job) throw new Error('the run was not queued')
  await runSpreadsheetImportJob(db, { phoneRegion: 'US', erasure: erasureKeys(undefined, 'US') })(
    job,
  )
  const keys = await db
    .select({ email: talents.email, key: talents.phoneE164 })
    .from(talents)
    .orderBy(talents.email)
  expect(keys).toEqual([
    { email: 'dana@new.example', key: '+14155550134' },
    { email: 'ed@new.example', key: '' },
    { email: 'fay@new.example', key: null },
  ])
})
