import { defaultMergePicks, type MergeField, type MergeInput } from '#shared/duplicates.ts'
import type { TalentImage } from './talent-image.ts'

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/** Keeps the first spelling of each tag, comparing case-insensitively. */
function uniteTags(lists: string[][]): string[] {
  const seen = new Set<string>()
  return lists.flat().filter((tag) => {
    const key = tag.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Each talent's notes under a header naming it, so no line is lost or orphaned. */
function keepNotes(images: TalentImage[]): string | null {
  const withNotes = images.filter((image) => !isEmpty(image.notes?.trim()))
  const [only] = withNotes
  if (withNotes.length === 0) return null
  if (only !== undefined && withNotes.length === 1 && only === images[0]) return only.notes
  return withNotes
    .map((image) => `— From ${image.fullName} (${image.email}) —\n${image.notes?.trim() ?? ''}`)
    .join('\n\n')
}

/**
 * The survivor's fields after a merge: per field the value of the talent the
 * person picked, by default the most recently updated talent that has one; tags and statuses
 * united; notes kept from all. `images` holds the survivor first.
 */
export function mergedValues(images: TalentImage[], picks: MergeInput['fields']) {
  const byId = new Map(images.map((image) => [image.id, image]))
  const defaults = defaultMergePicks(images)
  const [survivor] = images
  if (!survivor) throw new Error('A merge needs its survivor')
  const sources: Partial<Record<MergeField, number>> = {}
  const pick = <F extends MergeField>(field: F): TalentImage[F] => {
    const chosen = picks[field]
    const source =
      (chosen === undefined ? undefined : byId.get(chosen)) ?? byId.get(defaults[field]) ?? survivor
    sources[field] = source.id
    return source[field]
  }
  return {
    values: {
      fullName: pick('fullName'),
      email: pick('email'),
      phone: pick('phone'),
      linkedinUrl: pick('linkedinUrl'),
      cvResumePath: pick('cvResumePath'),
      areaOfInterest: pick('areaOfInterest'),
      seniorityLevel: pick('seniorityLevel'),
      tags: uniteTags(images.map((image) => image.tags)),
      status: [...new Set(images.flatMap((image) => image.status))],
      notes: keepNotes(images),
    },
    sources,
  }
}
