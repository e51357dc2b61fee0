import type { ActivityEntry, FieldChange } from '#shared/activity.ts'
import { PRIVACY_PAGE_ACTOR, PRIVACY_PAGE_VIA } from '#shared/privacy-requests.ts'
import {
  erasedDetailsSchema,
  keptDetailsSchema,
  cvChangeDetailsSchema,
  mergeDetailsSchema,
  talentChangeDetailsSchema,
} from '#shared/activity.ts'
import { capitalizeWords } from '../../../lib/talent-format.ts'

// The History tab's words: one pure place that turns an activity entry into a line a
// person reads, e.g. 'Dana Reyes changed Status from Interviewed to Hired'.

/** The form's label of each talent field, so the History speaks the words the form shows. */
const FIELD_LABELS: Record<string, string> = {
  fullName: 'Full Name',
  email: 'Email',
  phone: 'Phone Number',
  linkedinUrl: 'LinkedIn URL',
  cvResumePath: 'CV/Resume',
  areaOfInterest: 'Area of Interest',
  seniorityLevel: 'Seniority Level',
  tags: 'Theme Tags',
  status: 'Status',
  notes: 'Notes',
  // The privacy record (security rule 49), as the Privacy tab labels it.
  source: 'Source',
  sourceDetail: 'Source details',
  lawfulBasis: 'Lawful basis',
  consentGivenOn: 'Consent given on',
  consentValidUntil: 'Consent valid until',
  informedOn: 'Informed on',
}

const MAX_VALUE_LENGTH = 80

/** The actor's first and last name, else their e-mail, else 'Someone' (system or deleted user). */
export function actorName(actor: ActivityEntry['actor']): string {
  if (actor === null) return 'Someone'
  const name = [actor.firstName, actor.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
  return name === '' ? actor.email : name
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
}

/** A value as a short phrase: levels capitalised, long text cut at 80 characters. */
function showValue(field: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => showValue(field, item)).join(', ')
  if (typeof value !== 'string') return String(value)
  const text = field === 'seniorityLevel' ? capitalizeWords(value) : value.replace(/\s+/g, ' ')
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1).trimEnd()}…` : text
}

function listChange(label: string, field: string, from: unknown[], to: unknown[]): string {
  const added = to.filter((item) => !from.includes(item))
  const removed = from.filter((item) => !to.includes(item))
  if (removed.length === 0 && added.length > 0)
    return `added ${showValue(field, added)} to ${label}`
  if (added.length === 0 && removed.length > 0) {
    return `removed ${showValue(field, removed)} from ${label}`
  }
  return `changed ${label} from ${showValue(field, from)} to ${showValue(field, to)}`
}

const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field

/** One changed field: 'changed Status from Interviewed to Hired', 'set Phone Number to …'. */
export function describeChange({ field, label: fieldName, from, to }: FieldChange): string {
  const label = fieldName ?? FIELD_LABELS[field] ?? field
  if (Array.isArray(from) && Array.isArray(to)) return listChange(label, field, from, to)
  if (isBlank(from) && isBlank(to)) return `changed ${label}`
  if (isBlank(from)) return `set ${label} to ${showValue(field, to)}`
  if (isBlank(to)) return `cleared ${label}`
  return `changed ${label} from ${showValue(field, from)} to ${showValue(field, to)}`
}

function describeCvChange(action: 'talent.cv_attached' | 'talent.cv_removed', details: unknown) {
  const parsed = cvChangeDetailsSchema.safeParse(details)
  if (!parsed.success) return action === 'talent.cv_removed' ? 'removed the CV' : 'attached a CV'
  const { fileName, replacedFileName, prunedFileNames = [] } = parsed.data
  if (action === 'talent.cv_removed') return `removed the CV ${fileName}`
  const pruned =
    prunedFileNames.length > 0
      ? `; the oldest version ${prunedFileNames.join(', ')} was removed (versions are capped)`
      : ''
  if (replacedFileName) return `replaced the CV ${replacedFileName} with ${fileName}${pruned}`
  return `attached the CV ${fileName}${pruned}`
}

export type HistoryText = {
  /** The sentence: 'Dana Reyes changed Status from Interviewed to Hired'. */
  text: string
  /** With several changed fields, one phrase each under 'Dana Reyes edited this talent'. */
  changes: string[]
}

/** An entry the person wrote themself on their privacy page (security rule 59). */
function byThePerson(entry: Pick<ActivityEntry, 'actor' | 'details'>): boolean {
  return entry.actor === null && entry.details?.via === PRIVACY_PAGE_VIA
}

/** The sentence for one entry of a talent's History. */
export function describeActivity(
  entry: Pick<ActivityEntry, 'action' | 'actor' | 'details'>,
): HistoryText {
  const actor = byThePerson(entry) ? PRIVACY_PAGE_ACTOR : actorName(entry.actor)
  const result = (text: string, changes: string[] = []): HistoryText => ({ text, changes })
  // Security rule 50: an entry of an erased or anonymised talent keeps only who erased, when.
  const erased = erasedDetailsSchema.safeParse(entry.details)
  if (erased.success) {
    const { by, at } = erased.data.erased
    return result(
      `${actor} made a change (details erased by ${by ?? 'the system'} on ${at.slice(0, 10)})`,
    )
  }
  switch (entry.action) {
    case 'talent.privacy_updated': {
      const parsed = talentChangeDetailsSchema.safeParse(entry.details)
      const phrases = parsed.success ? parsed.data.changes.map(describeChange) : []
      return result(`${actor} updated the privacy record`, phrases)
    }
    case 'talent.anonymised':
      return result(`${actor} anonymised this talent`)
    case 'talent.erased':
      return result(`${actor} erased this talent`)
    case 'talent.retention_kept': {
      const parsed = keptDetailsSchema.safeParse(entry.details)
      if (!parsed.success) return result(`${actor} kept this talent from removal`)
      return result(`${actor} kept this talent from removal until ${parsed.data.keepUntil}`, [
        `Reason: ${parsed.data.reason}`,
      ])
    }
    case 'talent.created':
      return result(`${actor} added this talent`)
    case 'talent.deleted':
      return result(`${actor} deleted this talent`)
    case 'talent.restored':
      return result(`${actor} restored this talent (undo)`)
    case 'talent.cv_attached':
    case 'talent.cv_removed':
      return result(`${actor} ${describeCvChange(entry.action, entry.details)}`)
    case 'talent.updated': {
      const parsed = talentChangeDetailsSchema.safeParse(entry.details)
      const phrases = parsed.success ? parsed.data.changes.map(describeChange) : []
      const [only] = phrases
      if (phrases.length === 1 && only !== undefined) return result(`${actor} ${only}`)
      return result(`${actor} edited this talent`, phrases)
    }
    case 'talent.merged': {
      const parsed = mergeDetailsSchema.safeParse(entry.details)
      const names = parsed.success ? (parsed.data.merged ?? []).map((t) => t.fullName) : []
      return result(`Merged: ${actor} merged ${names.join(', ') || 'a talent'} into this talent`)
    }
    case 'talent.merge_undone': {
      const parsed = mergeDetailsSchema.safeParse(entry.details)
      const names = parsed.success ? (parsed.data.restored ?? []).map((t) => t.fullName) : []
      const kept = parsed.success ? (parsed.data.kept ?? []).map(fieldLabel) : []
      return result(
        `${actor} undid the merge: ${names.join(', ') || 'the merged talents'} came back`,
        kept.map((label) => `${label} kept as changed since the merge`),
      )
    }
    default:
      return result(`${actor} made a change`)
  }
}
