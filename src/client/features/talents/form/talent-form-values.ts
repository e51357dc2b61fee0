import {
  SYSTEM_TAGS,
  type Talent,
  type TalentFormValues,
  type TalentInput,
  type TalentUpdate,
} from '#shared/talent.ts'

// Pure mapping between a Talent, the form's values and the request bodies (spec sections 2, 4, 7).

/** 'mid' → 'Mid', 'social sciences' → 'Social Sciences' (spec section 2: selects shown capitalised). */
export function capitalizeWords(value: string): string {
  return value.replace(/(^|\s)(\p{L})/gu, (_match, space: string, letter: string) => {
    return `${space}${letter.toUpperCase()}`
  })
}

/** The form's starting values; area and level stay unchosen for a new talent. */
export type TalentFormDefaults = Omit<TalentFormValues, 'areaOfInterest' | 'seniorityLevel'> &
  Partial<Pick<TalentFormValues, 'areaOfInterest' | 'seniorityLevel'>>

/** The form's starting values: empty for a new talent, the stored fields for an edit. */
export function talentToFormValues(talent: Talent | null): TalentFormDefaults {
  if (talent === null) {
    return {
      fullName: '',
      email: '',
      phone: '',
      linkedinUrl: '',
      notes: '',
      tags: [],
      status: [],
      customFields: {},
    }
  }
  return {
    fullName: talent.fullName,
    email: talent.email,
    phone: talent.phone ?? '',
    linkedinUrl: talent.linkedinUrl ?? '',
    areaOfInterest: talent.areaOfInterest,
    seniorityLevel: talent.seniorityLevel,
    notes: talent.notes ?? '',
    tags: [...talent.tags],
    status: [...talent.status],
    customFields: { ...talent.customFields },
  }
}

/** An optional text field left blank is stored as null, not as ''. */
function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/** POST /api/talents body: the validated values, blanks as null (spec section 7: including status). */
export function toCreateBody(values: TalentInput): TalentInput {
  return {
    fullName: values.fullName,
    email: values.email,
    phone: blankToNull(values.phone),
    linkedinUrl: blankToNull(values.linkedinUrl),
    areaOfInterest: values.areaOfInterest,
    seniorityLevel: values.seniorityLevel,
    notes: blankToNull(values.notes),
    tags: values.tags,
    status: values.status,
    // Custom fields the form showed (none: the stored values stay as they are).
    ...(values.customFields === undefined || Object.keys(values.customFields).length === 0
      ? {}
      : { customFields: values.customFields }),
    // 'Add from CV': the parsed CV is attached with the new talent.
    ...(values.cvFileId === undefined ? {} : { cvFileId: values.cvFileId }),
  }
}

/**
 * POST body of a new talent: its privacy record (security rule 49) goes with it, and
 * `confirmErased` once the person saw the warning that this person was erased before.
 */
export function toNewTalentBody(values: TalentInput, confirmErased: boolean): TalentInput {
  return {
    ...toCreateBody(values),
    ...(values.privacy === undefined ? {} : { privacy: values.privacy }),
    ...(confirmErased ? { confirmErased: true } : {}),
  }
}

/** PUT /api/talents/:id body: the edited fields plus the version the edit started from. */
export function toUpdateBody(values: TalentInput, updatedAt: string): TalentUpdate {
  return { ...toCreateBody(values), updatedAt }
}

const SYSTEM_TAG_KEYS = new Set<string>(SYSTEM_TAGS.map((name) => name.toLowerCase()))

export function isSystemTag(name: string): boolean {
  return SYSTEM_TAG_KEYS.has(name.trim().toLowerCase())
}

/**
 * The names the tag picker lists (spec section 4): every loaded tag except the system labels,
 * plus any tag the talent already carries that the list lacks, without duplicates.
 */
export function pickableTagNames(
  loaded: readonly { name: string }[],
  selected: readonly string[],
): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const name of [...loaded.map((tag) => tag.name), ...selected]) {
    const key = name.trim().toLowerCase()
    if (isSystemTag(name) || seen.has(key)) continue
    seen.add(key)
    names.push(name)
  }
  return names
}

/** Adds or removes `name`, comparing case-insensitively so a tag is never doubled. */
export function toggleName<T extends string>(selected: readonly T[], name: T, on: boolean): T[] {
  const key = name.toLowerCase()
  const rest = selected.filter((item) => item.toLowerCase() !== key)
  return on ? [...rest, name] : rest
}
