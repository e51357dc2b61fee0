import { useQuery } from '@tanstack/react-query'
import { CalendarClock, Plus } from 'lucide-react'
import { useState } from 'react'
import {
  RETENTION_PREVIEW_LIMIT,
  retentionConditionText,
  type RetentionRule,
} from '#shared/retention.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import {
  retentionPreviewOptions,
  retentionRulesOptions,
  useDeleteRetentionRule,
  useUpdateRetentionRule,
} from './retention-api.ts'
import { RetentionRuleDialog } from './retention-rule-dialog.tsx'

const talentsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'talent' : 'talents'}`

/** What a rule would act on today: the count and the first talents (security rule 56). */
function RulePreview({ rule }: { rule: RetentionRule }) {
  const preview = useQuery(retentionPreviewOptions(rule.id))
  if (preview.isPending) {
    return <Skeleton className="h-16 w-full" aria-label={`Loading the preview of ${rule.name}`} />
  }
  if (preview.isError) {
    return (
      <LoadError
        title="The preview could not be loaded."
        onRetry={() => void preview.refetch()}
        isRetrying={preview.isFetching}
      />
    )
  }
  const { count, total, talents } = preview.data
  return (
    <section
      aria-label={`Preview of ${rule.name}`}
      className="grid gap-2 rounded-md bg-muted/40 p-3"
    >
      <p className="text-sm font-medium">
        Would act on {talentsText(count)} today, of {talentsText(total)} in the pool.
      </p>
      {talents.length === 0 ? null : (
        <ul className="grid gap-1 text-sm">
          {talents.map((talent) => (
            <li key={talent.id}>
              {talent.fullName} <span className="text-muted-foreground">#{talent.id}</span>
              {talent.status.length > 0 ? (
                <span className="text-muted-foreground"> · {talent.status.join(', ')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {count > talents.length ? (
        <p className="text-xs text-muted-foreground">
          The first {RETENTION_PREVIEW_LIMIT} are listed.
        </p>
      ) : null}
    </section>
  )
}

function RuleItem({
  rule,
  onEdit,
  onDelete,
}: {
  rule: RetentionRule
  onEdit: () => void
  onDelete: () => void
}) {
  const [previewing, setPreviewing] = useState(false)
  const update = useUpdateRetentionRule()

  function toggle() {
    update.mutate(
      { id: rule.id, patch: { enabled: !rule.enabled } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.enabled ? 'Rule switched on' : 'Rule switched off',
            description: saved.enabled
              ? `${talentsText(saved.dueCount)} now due for removal in ${saved.noticeDays} days.`
              : `${saved.name} acts on nobody.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not change the rule',
            description: parseApiError(error)?.message ?? 'Try again.',
          }),
      },
    )
  }

  return (
    <li className="grid gap-3 rounded-md border p-3" aria-label={rule.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {rule.name}
            <Badge variant={rule.enabled ? 'default' : 'outline'}>
              {rule.enabled ? 'On' : 'Off'}
            </Badge>
          </p>
          <p className="text-sm text-muted-foreground">
            {retentionConditionText(rule.condition.kind, rule.condition.amount)} ·{' '}
            {rule.action === 'erase' ? 'Erase' : 'Anonymise'} after {rule.noticeDays} days’ notice
            {rule.exemptStatuses.length > 0 ? ` · Exempt: ${rule.exemptStatuses.join(', ')}` : ''}
          </p>
          {rule.enabled ? (
            <p className="text-sm">{talentsText(rule.dueCount)} due for removal</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={previewing}
            onClick={() => setPreviewing((open) => !open)}
          >
            {previewing ? 'Hide preview' : 'Preview'}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onEdit}>
            Edit
          </Button>
          <Button
            type="button"
            size="sm"
            variant={rule.enabled ? 'outline' : 'default'}
            disabled={update.isPending}
            onClick={toggle}
          >
            {update.isPending ? <Spinner decorative /> : null}
            {rule.enabled ? 'Switch off' : 'Switch on'}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
      {previewing ? <RulePreview rule={rule} /> : null}
    </li>
  )
}

/**
 * Settings → Privacy (admins): retention rules (security rule 56). Each can be previewed before
 * it is switched on; switching on lists its talents as due for removal (DueForRemovalCard).
 */
export function RetentionRulesCard() {
  const rules = useQuery(retentionRulesOptions())
  const [editing, setEditing] = useState<{ rule: RetentionRule | null } | null>(null)
  const [deleting, setDeleting] = useState<RetentionRule | null>(null)
  const remove = useDeleteRetentionRule()

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarClock className="size-4 text-primary" aria-hidden="true" />
          Retention rules
        </CardTitle>
        <CardDescription>
          Remove talents Scout should no longer hold. A rule anonymises (counts and reports stay) or
          erases; talents with an exempt status or a Keep until date are never touched.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setEditing({ rule: null })}
        >
          <Plus aria-hidden="true" />
          Add rule
        </Button>
        {rules.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading the retention rules" />
        ) : rules.isError ? (
          <LoadError
            title="The retention rules could not be loaded."
            onRetry={() => void rules.refetch()}
            isRetrying={rules.isFetching}
          />
        ) : rules.data.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No retention rules yet.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Retention rules">
            {rules.data.map((rule) => (
              <RuleItem
                key={rule.id}
                rule={rule}
                onEdit={() => setEditing({ rule })}
                onDelete={() => setDeleting(rule)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <RetentionRuleDialog
        open={editing !== null}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'rule'}?`}
        description="Its talents leave the Due for removal list. Nothing is removed."
        isPending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Rule deleted', description: deleting.name })
              setDeleting(null)
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Could not delete the rule',
                description: parseApiError(error)?.message ?? 'Try again.',
              }),
          })
        }}
      />
    </Card>
  )
}
