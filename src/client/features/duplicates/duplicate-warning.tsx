import { useQuery } from '@tanstack/react-query'
import { useWatch, type Control } from 'react-hook-form'
import type { TalentFormValues } from '#shared/talent.ts'
import { duplicateCheckOptions } from './api.ts'
import { DuplicateCandidateLine } from '../../components/duplicate-candidate-line.tsx'
import { duplicateCheckParams, type DuplicateCheckFields } from './duplicate-check-params.ts'
import { useDebouncedValue } from './use-debounced-value.ts'

/** How long typing must pause before the check runs. */
const DEBOUNCE_MS = 300

type DuplicateWarningProps = {
  control: Control<TalentFormValues>
  /** The talent being edited, never its own duplicate. */
  excludeId?: number
}

/** The talent form's warning: its fields, watched as they are typed. */
export function DuplicateWarning({ control, excludeId }: DuplicateWarningProps) {
  const [email, phone, linkedinUrl, fullName, areaOfInterest] = useWatch({
    control,
    name: ['email', 'phone', 'linkedinUrl', 'fullName', 'areaOfInterest'],
  })
  return (
    <PossibleDuplicates
      fields={{ email, phone, linkedinUrl, fullName, areaOfInterest }}
      excludeId={excludeId}
    />
  )
}

type PossibleDuplicatesProps = { fields: DuplicateCheckFields; excludeId?: number }

/**
 * "Possible duplicate: Dana Reyes — same phone number", while a form is being
 * filled (the talent form, a CV import's review row). Saving stays allowed (only the same e-mail
 * is refused, by the server's 409).
 */
export function PossibleDuplicates({ fields, excludeId }: PossibleDuplicatesProps) {
  const params = duplicateCheckParams(fields, excludeId)
  const settled = useDebouncedValue(params, DEBOUNCE_MS)
  const { data: candidates = [] } = useQuery(duplicateCheckOptions(settled))
  if (params === '' || candidates.length === 0) return null
  return (
    <div
      role="status"
      aria-label="Possible duplicates"
      className="grid gap-1.5 rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm"
    >
      {candidates.map(({ talent, reasons, confidence }) => (
        <DuplicateCandidateLine
          key={talent.id}
          talentId={talent.id}
          fullName={talent.fullName}
          reasons={reasons}
          confidence={confidence}
        />
      ))}
    </div>
  )
}
