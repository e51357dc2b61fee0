import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  LAWFUL_BASES,
  LAWFUL_BASIS_LABELS,
  PRIVACY_SOURCES,
  privacyRecordInputSchema,
  SOURCE_LABELS,
  type PrivacyRecord,
  type PrivacyRecordFormValues,
  type PrivacyRecordInput,
} from '#shared/privacy.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { FormSelectField } from '../../components/ui/form-select-field.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { showServerFieldErrors } from '../../lib/server-field-errors.ts'
import { PrivacyRequestsSection } from './privacy-requests-section.tsx'
import { privacyRecordOptions, useSavePrivacyRecord } from './record-api.ts'

const SOURCE_OPTIONS = PRIVACY_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }))
const BASIS_OPTIONS = LAWFUL_BASES.map((value) => ({ value, label: LAWFUL_BASIS_LABELS[value] }))
const FIELDS = [
  'source',
  'sourceDetail',
  'lawfulBasis',
  'consentGivenOn',
  'consentValidUntil',
  'informedOn',
] as const

const CONSENT_TEXT: Record<PrivacyRecord['consentState'], string | null> = {
  none: null,
  valid: 'Consent valid',
  expiring: 'Consent expires within 30 days',
  expired: 'Consent expired',
}

function formValues(record: PrivacyRecord): PrivacyRecordFormValues {
  return {
    source: record.source,
    sourceDetail: record.sourceDetail ?? '',
    lawfulBasis: record.lawfulBasis,
    consentGivenOn: record.consentGivenOn ?? '',
    consentValidUntil: record.consentValidUntil ?? '',
    informedOn: record.informedOn ?? '',
  }
}

function PrivacySkeleton() {
  return (
    <div className="grid gap-3 py-2" aria-busy="true" aria-label="Loading privacy record">
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  )
}

function PrivacyForm({ talentId, record }: { talentId: number; record: PrivacyRecord }) {
  const form = useForm<PrivacyRecordFormValues, unknown, PrivacyRecordInput>({
    resolver: zodResolver(privacyRecordInputSchema),
    defaultValues: formValues(record),
  })
  const { reset, setError, setValue } = form
  useEffect(() => reset(formValues(record)), [record, reset])
  const basis = useWatch({ control: form.control, name: 'lawfulBasis' })
  const isConsent = basis === 'consent'
  // Consent dates belong to the basis consent only (the schema refuses them otherwise).
  useEffect(() => {
    if (isConsent) return
    setValue('consentGivenOn', '')
    setValue('consentValidUntil', '')
  }, [isConsent, setValue])
  const save = useSavePrivacyRecord(talentId)
  const consentText = CONSENT_TEXT[record.consentState]

  return (
    <form
      noValidate
      aria-label="Privacy record"
      className="grid gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: () => toast({ title: 'Privacy record saved' }),
            onError: (error) => {
              const apiError = parseApiError(error)
              if (showServerFieldErrors(setError, FIELDS, apiError)) return
              toast({
                title: 'Could not save the privacy record',
                description: apiError?.message ?? 'Please try again.',
                variant: 'destructive',
              })
            },
          }),
        )(event)
      }
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {record.informedOn === null ? (
          <Badge variant="outline">Not informed yet</Badge>
        ) : (
          <Badge variant="secondary">Informed on {record.informedOn}</Badge>
        )}
        {consentText === null ? null : (
          <Badge variant={record.consentState === 'expired' ? 'destructive' : 'secondary'}>
            {consentText}
          </Badge>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          control={form.control}
          name="source"
          label="Source"
          options={SOURCE_OPTIONS}
        />
        <FormField
          control={form.control}
          name="sourceDetail"
          label="Source details"
          description="For example who referred them, or which event"
          id={`privacy-${talentId}-source-detail`}
        />
        <FormSelectField
          control={form.control}
          name="lawfulBasis"
          label="Lawful basis"
          options={BASIS_OPTIONS}
        />
        <FormField
          control={form.control}
          name="informedOn"
          label="Informed on"
          type="date"
          description="The day they were told they are in the pool"
        />
        <FormField
          control={form.control}
          name="consentGivenOn"
          label="Consent given on"
          type="date"
          disabled={!isConsent}
          description={isConsent ? undefined : 'Only when the lawful basis is consent'}
        />
        <FormField
          control={form.control}
          name="consentValidUntil"
          label="Consent valid until"
          type="date"
          disabled={!isConsent}
        />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save privacy record'}
        </Button>
      </div>
    </form>
  )
}

/** The detail view's Privacy tab (security rule 49): the record, editable in place. */
export function PrivacyPanel({ talentId }: { talentId: number }) {
  const query = useQuery(privacyRecordOptions(talentId))
  if (query.isPending) return <PrivacySkeleton />
  if (query.isError) {
    return (
      <LoadError
        title="Could not load the privacy record."
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    )
  }
  return (
    <div className="grid gap-6">
      <PrivacyForm talentId={talentId} record={query.data} />
      <PrivacyRequestsSection talentId={talentId} />
    </div>
  )
}
