import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import {
  cvImportReviewSchema,
  type CvImportItem,
  type CvImportReview,
  type CvImportReviewValues,
} from '#shared/cv-import.ts'
import { AREAS, SENIORITY_LEVELS } from '#shared/talent.ts'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { FormSelectField } from '../../components/ui/form-select-field.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { showServerFieldErrors } from '../../lib/server-field-errors.ts'
import { capitalizeWords } from '../../lib/talent-format.ts'
import { useReviewItem } from './api.ts'
import { useCvImportParts } from './parts.ts'

const AREA_OPTIONS = AREAS.map((area) => ({ value: area, label: capitalizeWords(area) }))
const LEVEL_OPTIONS = SENIORITY_LEVELS.map((level) => ({
  value: level,
  label: capitalizeWords(level),
}))
const FIELDS = ['fullName', 'email', 'phone', 'areaOfInterest', 'seniorityLevel'] as const

function known<T extends string>(
  value: string | null | undefined,
  list: readonly T[],
): T | undefined {
  return list.find((entry) => entry === value)
}

type ReviewFormProps = { importId: number; item: CvImportItem }

/**
 * A 'needs review' row fixed in place: what the CV gave is filled in, the person
 * completes the rest under the talent form's rules, and the talent is created with the CV.
 */
export function ReviewForm({ importId, item }: ReviewFormProps) {
  const { PossibleDuplicates } = useCvImportParts()
  const review = useReviewItem(importId, item.id)
  const suggested = item.suggested
  const form = useForm<CvImportReviewValues, unknown, CvImportReview>({
    resolver: zodResolver(cvImportReviewSchema),
    defaultValues: {
      fullName: suggested?.fullName ?? '',
      email: suggested?.email ?? '',
      phone: suggested?.phone ?? '',
      areaOfInterest: known(suggested?.areaOfInterest, AREAS),
      seniorityLevel: known(suggested?.seniorityLevel, SENIORITY_LEVELS),
    },
  })

  const [fullName, email, phone, areaOfInterest] = useWatch({
    control: form.control,
    name: ['fullName', 'email', 'phone', 'areaOfInterest'],
  })

  // mutateAsync, not mutate's callbacks: the refreshed list replaces this form with a 'Created'
  // row before they would run, and callbacks of an unmounted mutate never do (no toast).
  async function handleSubmit(values: CvImportReview) {
    try {
      const row = await review.mutateAsync(values)
      toast({
        title: 'Talent created',
        description: `${row.talentName ?? values.fullName} was added from ${item.fileName}.`,
      })
    } catch (error) {
      const apiError = parseApiError(error)
      if (showServerFieldErrors(form.setError, FIELDS, apiError)) return
      toast({
        variant: 'destructive',
        title: 'Error',
        description: apiError?.message ?? 'Failed to create the talent.',
      })
    }
  }

  return (
    <form
      aria-label={`Review ${item.fileName}`}
      noValidate
      onSubmit={(event) => void form.handleSubmit(handleSubmit)(event)}
      className="grid gap-3 rounded-lg border bg-muted/30 p-4 sm:grid-cols-2"
    >
      <FormField
        control={form.control}
        name="fullName"
        label="Full Name *"
        id={`review-${item.id}-name`}
      />
      <FormField
        control={form.control}
        name="email"
        label="Email *"
        type="email"
        id={`review-${item.id}-email`}
      />
      <FormField control={form.control} name="phone" label="Phone" id={`review-${item.id}-phone`} />
      <FormSelectField
        control={form.control}
        name="areaOfInterest"
        label="Area of Interest *"
        placeholder="Select an area"
        options={AREA_OPTIONS}
        id={`review-${item.id}-area`}
      />
      <FormSelectField
        control={form.control}
        name="seniorityLevel"
        label="Seniority Level *"
        placeholder="Select a level"
        options={LEVEL_OPTIONS}
        id={`review-${item.id}-level`}
      />
      {/* The same warning as the talent form, before the talent is created. */}
      <div className="empty:hidden sm:col-span-2">
        <PossibleDuplicates fields={{ fullName, email, phone, areaOfInterest }} />
      </div>
      <div className="flex items-end">
        <Button type="submit" disabled={review.isPending}>
          {review.isPending ? 'Creating...' : 'Create talent'}
        </Button>
      </div>
    </form>
  )
}
