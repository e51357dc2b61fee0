import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import {
  defaultMergePicks,
  MERGE_FIELDS,
  MAX_MERGE_TALENTS,
  type MergeField,
} from '#shared/duplicates.ts'
import type { Talent } from '#shared/talent.ts'
import { PageHeader } from '../../components/layout/page-header.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { talentDetailOptions } from '../../lib/queries/talent-detail.ts'
import { useMergeTalents } from './api.ts'

const FIELD_LABELS: Record<MergeField, string> = {
  fullName: 'Full Name',
  email: 'Email',
  phone: 'Phone Number',
  linkedinUrl: 'LinkedIn URL',
  cvResumePath: 'CV/Resume',
  areaOfInterest: 'Area of Interest',
  seniorityLevel: 'Seniority Level',
}

function parseIds(raw: string | null): number[] {
  const ids = (raw ?? '').split(',').map(Number)
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))].slice(
    0,
    MAX_MERGE_TALENTS,
  )
}

type MergeFormProps = { talents: Talent[] }

function MergeForm({ talents }: MergeFormProps) {
  const navigate = useNavigate()
  const merge = useMergeTalents()
  const [survivorId, setSurvivorId] = useState(talents[0]?.id ?? 0)
  const [picks, setPicks] = useState(() => defaultMergePicks(talents))

  function handleMerge() {
    merge.mutate(
      {
        survivorId,
        mergedIds: talents.map((t) => t.id).filter((id) => id !== survivorId),
        fields: picks,
      },
      {
        onSuccess: () => {
          toast({
            title: 'Talents merged',
            description: 'Undo it from the History tab for 30 days.',
          })
          void navigate(`/dashboard?talent=${survivorId}`)
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not merge',
            description: parseApiError(error)?.message ?? 'Please try again.',
          }),
      },
    )
  }

  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-2 rounded-lg border p-4">
        <legend className="px-1 font-medium">Keep as the profile</legend>
        {talents.map((talent) => (
          <label key={talent.id} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="survivor"
              checked={survivorId === talent.id}
              onChange={() => setSurvivorId(talent.id)}
            />
            {`${talent.fullName} (#${talent.id})`}
          </label>
        ))}
      </fieldset>
      {MERGE_FIELDS.map((field) => (
        <fieldset key={field} className="grid gap-2 rounded-lg border p-4">
          <legend className="px-1 font-medium">{FIELD_LABELS[field]}</legend>
          {talents.map((talent) => (
            <label key={talent.id} className="flex items-center gap-2 text-sm break-all">
              <input
                type="radio"
                name={field}
                checked={picks[field] === talent.id}
                onChange={() => setPicks({ ...picks, [field]: talent.id })}
              />
              {talent[field] ?? '(empty)'}
              <span className="text-muted-foreground">{` — from #${talent.id}`}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <p className="text-sm text-muted-foreground">
        Tags and statuses of all are kept together, notes are kept from all under a header naming
        where they came from, and every CV version moves to the kept profile.
      </p>
      <div className="flex gap-2">
        <Button type="button" onClick={handleMerge} disabled={merge.isPending}>
          {merge.isPending ? 'Merging...' : 'Merge talents'}
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard/duplicates">Cancel</Link>
        </Button>
      </div>
    </div>
  )
}

/** /dashboard/duplicates/merge?ids=1,2: the talents side by side, field by field. */
export function MergePage() {
  const [params] = useSearchParams()
  const ids = parseIds(params.get('ids'))
  const results = useQueries({ queries: ids.map((id) => talentDetailOptions(id)) })
  const talents = results.flatMap((result) => (result.data ? [result.data] : []))
  const isPending = results.some((result) => result.isPending)
  const failed = results.some((result) => result.isError)
  return (
    <div className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Merge talents" description="Pick, for each field, the value to keep." />
      {ids.length < 2 ? (
        <p className="text-sm">Choose at least two talents to merge.</p>
      ) : isPending ? (
        <Skeleton aria-label="Loading talents" className="h-64 w-full" />
      ) : failed ? (
        <p role="alert" className="text-sm">
          One of these talents no longer exists.{' '}
          <Link to="/dashboard/duplicates">Back to duplicates</Link>
        </p>
      ) : (
        <MergeForm key={ids.join(',')} talents={talents} />
      )}
    </div>
  )
}
