import { z } from 'zod'
import { CV_TEXT_STATUSES } from './cv.ts'
import { AREAS, SENIORITY_LEVELS } from './talent.ts'

const int4Id = z.coerce.number().int().positive().max(2_147_483_647)

/** What 'Add from CV' read from a file (POST /api/cv/parse); every suggestion may be null. */
export const cvParseResultSchema = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  textStatus: z.enum(CV_TEXT_STATUSES),
  suggested: z.object({
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    areaOfInterest: z.enum(AREAS).nullable(),
    seniorityLevel: z.enum(SENIORITY_LEVELS).nullable(),
  }),
  /** A talent that already has the e-mail found in the CV: attach there instead? */
  existingTalentId: z.number().int().nullable(),
})
export type CvParseResult = z.infer<typeof cvParseResultSchema>

export const UPLOAD_NOT_FOUND = 'This CV upload is gone. Please choose the file again.'

export const cvUploadParamsSchema = z.strictObject({ fileId: int4Id })
export const attachUploadBodySchema = z.strictObject({ talentId: int4Id })
