import { z } from 'zod'

/**
 * The fields a search can match in, in the order their hits rank: name and e-mail,
 * then tags, statuses, area and level, then notes, phone and link, then CV text. More than the
 * issue's six because the document holds more: a hit on the phone is explained as the phone.
 */
export const MATCH_FIELDS = [
  'name',
  'email',
  'tags',
  'status',
  'area',
  'level',
  'notes',
  'phone',
  'links',
  'cv',
] as const
export type MatchField = (typeof MATCH_FIELDS)[number]

/** Characters of context a snippet aims for ("a short snippet"). */
export const SNIPPET_LENGTH = 160

/**
 * Why a talent is in the results of a search: the field that matched best, a short window of its
 * text, and where the search's words are in that window as [start, end) offsets (UTF-16 code
 * units, as String#slice counts), sorted and not overlapping.
 */
export const talentMatchSchema = z.object({
  field: z.enum(MATCH_FIELDS),
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
})
export type TalentMatch = z.infer<typeof talentMatchSchema>
