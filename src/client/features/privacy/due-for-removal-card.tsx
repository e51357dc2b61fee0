import { useQuery } from '@tanstack/react-query'
import { Hourglass } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { keepInputSchema, type RetentionDueEntry } from '#shared/retention.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx'
import { Field, FieldError, FieldLabel } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { retentionDueOptions, useKeepTalent } from './retention-api.ts'

type KeepErrors = Partial<Record<'reason' | 'until' | 'form', string>>

function KeepForm({ entry, onClose }: { entry: RetentionDueEntry; onClose: () => void }) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [until, setUntil] = useState('')
  const [errors, setErrors] = useState<KeepErrors>({})
  const keep = useKeepTalent()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (keep.isPending) return
    const parsed = keepInputSchema.safeParse({ reason, until })
    if (!parsed.success) {
      const next: KeepErrors = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0]
        if (key === 'reason' || key === 'until') next[key] ??= issue.message
      }
      setErrors(next)
      return
    }
    keep.mutate(
      { talentId: entry.talent.id, input: parsed.data },
      {
        onSuccess: (result) => {
          toast({
            title: 'Talent kept',
            description: `${entry.talent.fullName} is kept until ${result.keepUntil}.`,
          })
          onClose()
        },
        onError: (failure) => {
          const apiError = parseApiError(failure)
          setErrors({
            reason: apiError?.fieldErrors.reason?.[0],
            until: apiError?.fieldErrors.until?.[0],
            form:
              apiError?.fieldErrors.reason || apiError?.fieldErrors.until
                ? undefined
                : (apiError?.message ?? 'Could not keep this talent.'),
          })
        },
      },
    )
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Keep {entry.talent.fullName}?</DialogTitle>
        <DialogDescription>
          No retention rule acts on this talent until the new review date. The reason is kept with
          the talent and in its History.
        </DialogDescription>
      </DialogHeader>
      <Field data-invalid={errors.reason !== undefined}>
        <FieldLabel htmlFor={`${id}-reason`}>Reason to keep</FieldLabel>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          aria-invalid={errors.reason !== undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <FieldError errors={[errors.reason]} />
      </Field>
      <Field data-invalid={errors.until !== undefined}>
        <FieldLabel htmlFor={`${id}-until`}>Keep until</FieldLabel>
        <Input
          id={`${id}-until`}
          type="date"
          value={until}
          aria-invalid={errors.until !== undefined}
          onChange={(event) => setUntil(event.target.value)}
        />
        <FieldError errors={[errors.until]} />
      </Field>
      {errors.form === undefined ? null : (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={keep.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={keep.isPending}>
          {keep.isPending ? 'Keeping...' : 'Keep'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/**
 * Settings → Privacy (admins): who the enabled retention rules will act on, and when
 * (security rule 57). Keep takes a talent off the list until a new review date, with a reason.
 */
export function DueForRemovalCard() {
  const due = useQuery(retentionDueOptions())
  const [keeping, setKeeping] = useState<RetentionDueEntry | null>(null)

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Hourglass className="size-4 text-primary" aria-hidden="true" />
          Due for removal
        </CardTitle>
        <CardDescription>
          Talents a retention rule will act on, each listed for the rule’s notice days first. The
          daily run acts on those whose date has come.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {due.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading the talents due for removal" />
        ) : due.isError ? (
          <LoadError
            title="The talents due for removal could not be loaded."
            onRetry={() => void due.refetch()}
            isRetrying={due.isFetching}
          />
        ) : due.data.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No talent is due for removal.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <Table aria-label="Due for removal">
              <TableHeader>
                <TableRow>
                  <TableHead>Talent</TableHead>
                  <TableHead>Rule</TableHead>
                  <TableHead>Action on</TableHead>
                  <TableHead>
                    <span className="sr-only">Keep</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {due.data.map((entry) => (
                  <TableRow key={`${entry.talent.id}-${entry.ruleId}`}>
                    <TableCell>
                      {entry.talent.fullName}{' '}
                      <span className="text-muted-foreground">#{entry.talent.id}</span>
                    </TableCell>
                    <TableCell>{entry.ruleName}</TableCell>
                    <TableCell>
                      {entry.action === 'erase' ? 'Erased' : 'Anonymised'} on {entry.actOn}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        aria-label={`Keep ${entry.talent.fullName}`}
                        onClick={() => setKeeping(entry)}
                      >
                        Keep
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
      <Dialog open={keeping !== null} onOpenChange={(next) => !next && setKeeping(null)}>
        <DialogContent className="sm:max-w-md">
          {keeping === null ? null : (
            <KeepForm
              key={`${keeping.talent.id}-${keeping.ruleId}`}
              entry={keeping}
              onClose={() => setKeeping(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  )
}
